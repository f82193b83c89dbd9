#!/usr/bin/env node
// `npm run build`: the production bundle through the same builder `npm start` uses, only when
// the sources changed since the last build. `--for-tests` is the test suite's build (see
// scripts/lib/build.mjs): no second TypeScript pass, since `tsc --noEmit` runs beside it.
import { buildIfNeeded } from './lib/build.mjs'

const forTests = process.argv.includes('--for-tests')

try {
  const built = await buildIfNeeded({ ...process.env, NEXT_TELEMETRY_DISABLED: '1' }, { forTests })
  console.log(
    built
      ? '[veilgate] the production build is ready in .next'
      : '[veilgate] the production build in .next is current (it matches the sources); nothing to build',
  )
} catch (error) {
  console.error(`[veilgate] ${error.message}`)
  process.exit(1)
}
