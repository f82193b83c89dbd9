// The environment, checked once as a server starts: a mistake stops it with the variable named.
import { env } from './env'

/** Reads the environment; when it is invalid, prints why and ends the process (exit code 1). */
export function checkEnvironment(): void {
  try {
    env()
  } catch (error) {
    console.error(`[veilgate] cannot start: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  }
}
