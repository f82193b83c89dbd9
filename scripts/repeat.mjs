#!/usr/bin/env node
// `npm run test:repeat -- <project> <n>`: runs one test project n times in a row on the same
// production build and lists every test that failed at least once, with its errors. `e2e` runs
// both end-to-end projects (as `npm test` does), `e2e-alone` or `integration` one of them.
// Run it on a loaded machine (a second `npm run build` beside it) to find flakes before CI does.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { root } from './lib/app-env.mjs'
import { buildIfNeeded } from './lib/build.mjs'
import { formatRepeatReport, repeatReport } from './lib/repeat-report.mjs'
import { PHASE_PROJECTS } from './lib/timings.mjs'

const PROJECTS = { ...PHASE_PROJECTS, 'e2e-alone': ['e2e-alone'] }
const [project, count = '5', ...files] = process.argv.slice(2)
const runs = Number(count)
if (!PROJECTS[project] || !Number.isInteger(runs) || runs < 1) {
  console.error(`usage: npm run test:repeat -- <${Object.keys(PROJECTS).join('|')}> <runs> [test files…]`)
  process.exit(2)
}

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }
const out = path.join(root, 'test-results', 'repeat')
rmSync(out, { recursive: true, force: true })
mkdirSync(out, { recursive: true })

if (project.startsWith('e2e')) {
  // Once, before the first run; every run then starts this same build.
  await buildIfNeeded(env)
}

const reports = []
const seconds = []
for (let run = 1; run <= runs; run++) {
  console.log(`\n== ${project}: run ${run} of ${runs}`)
  const file = path.join(out, `${project}-${run}.json`)
  const from = performance.now()
  await new Promise((resolve) => {
    const args = ['run', ...PROJECTS[project].flatMap((name) => ['--project', name]), '--reporter=dot', '--reporter=json', `--outputFile=${file}`, ...files]
    const child = spawn(path.join(root, 'node_modules', '.bin', 'vitest'), args, { cwd: root, env, stdio: 'inherit' })
    child.on('error', resolve)
    child.on('exit', resolve)
  })
  seconds.push((performance.now() - from) / 1000)
  reports.push(existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null)
}

const report = repeatReport(reports, { root })
writeFileSync(path.join(out, 'report.json'), `${JSON.stringify({ project, seconds, ...report }, null, 2)}\n`)
console.log(formatRepeatReport(report, { project, seconds }))
process.exit(report.flaky.length || report.completedRuns < report.runs ? 1 : 0)
