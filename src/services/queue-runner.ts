// Running a Payload job queue in the background, one run at a time per process.
import type { Payload } from 'payload'

/**
 * Runs one Payload job queue now, in the background of whoever asked: one run at a time per
 * process; a request during a run makes it go round once more. Errors are logged by the tasks
 * themselves, never by Payload, whose messages print the whole job input.
 */
export function backgroundRunner(queue: string, label: string) {
  let running: Promise<void> | undefined
  let again = false
  const run = (payload: Payload): Promise<void> => {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      try {
        do {
          again = false
          await payload.jobs.run({ queue, limit: 50, silent: { error: true } })
        } while (again)
      } catch (error) {
        payload.logger.warn({ msg: `${label} queue run failed`, reason: error instanceof Error ? error.message : String(error) })
      } finally {
        running = undefined
      }
    })()
    return running
  }
  /** Resolves when no run of the queue is under way in this process. */
  const idle = async (): Promise<void> => {
    while (running) await running
  }
  return { run, idle }
}
