#!/usr/bin/env node
// `npm test`: lint, types, unit, integration (fresh embedded PostgreSQL) and end-to-end tests
// (the production build in Debian's Chromium), then a timings table. The production build starts
// in the background at once and runs beside lint, types, unit and integration; the end-to-end
// setup only waits for it. `--e2e` (`npm run test:e2e`): the end-to-end project alone, building
// first when the sources changed.
import { spawn } from 'node:child_process'
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { root } from './lib/app-env.mjs'
import { formatSummary, PHASE_PROJECTS, summarize } from './lib/timings.mjs'

const e2eOnly = process.argv.includes('--e2e')
const results = path.join(root, 'test-results')
const bin = (name) => path.join(root, 'node_modules', '.bin', name)
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }
const seconds = (from) => (performance.now() - from) / 1000
const started = performance.now()
const phases = []

rmSync(results, { recursive: true, force: true })
mkdirSync(results, { recursive: true })
mkdirSync(path.join(root, '.data'), { recursive: true })

/** Runs a command with the terminal as its output; resolves with its exit code. */
function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: 'inherit', ...options })
    child.on('error', () => resolve(127))
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)))
  })
}

async function phase(name, work, extra = {}) {
  console.log(`\n== ${name}`)
  const from = performance.now()
  const code = await work()
  const entry = { name, seconds: seconds(from), status: code === 0 ? 'ok' : 'failed', ...extra }
  phases.push(entry)
  return entry
}

/** The production build, started now and awaited later; its output goes to test-results/build.log. */
function startBuild() {
  const from = performance.now()
  const logFile = path.join(results, 'build.log')
  const log = createWriteStream(logFile)
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'build.mjs'), ...(e2eOnly ? [] : ['--for-tests'])], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.pipe(log, { end: false })
  child.stderr.pipe(log, { end: false })
  if (e2eOnly) {
    child.stdout.pipe(process.stdout)
    child.stderr.pipe(process.stderr)
  }
  const done = new Promise((resolve) => {
    child.on('exit', (code) => {
      log.end(() => resolve({ code: code ?? 1, seconds: seconds(from), logFile }))
    })
  })
  return done
}

// System packages npm does not install: Debian's Chromium (end to end), Redis (the shared stores' tests, and the end-to-end site's render cache) and HAProxy (the two-instance test).
async function systemPackages() {
  const missing = []
  if (!existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium')) missing.push('chromium')
  if ((await run('sh', ['-c', 'command -v redis-server >/dev/null'])) !== 0) missing.push('redis-server')
  // The two-instance test's load balancer (tests/e2e/balancer.e2e.test.ts).
  if (!['/usr/sbin/haproxy', '/usr/local/sbin/haproxy'].some((file) => existsSync(file))) missing.push('haproxy')
  if (!missing.length) return 0
  console.log(`installing Debian's ${missing.join(' ')}`)
  const options = { env: { ...env, DEBIAN_FRONTEND: 'noninteractive' }, stdio: ['ignore', 'ignore', 'inherit'] }
  const aptGet = (args) => (process.getuid?.() === 0 ? run('apt-get', args, options) : run('sudo', ['apt-get', ...args], options))
  return (await aptGet(['update', '-qq'])) || aptGet(['install', '-y', '-qq', ...missing])
}

// One report per phase; the end-to-end phase runs both its projects (two files at a time, then the files that run alone).
const vitest = (report) => () =>
  run(bin('vitest'), ['run', ...PHASE_PROJECTS[report].flatMap((name) => ['--project', name]), '--reporter=default', '--reporter=json', `--outputFile=${path.join(results, `${report}.json`)}`])

const build = startBuild()
await phase('system packages', systemPackages)
if (!e2eOnly) {
  // ESLint, then no import cycles in src/ (madge reads the whole graph in seconds; import/no-cycle took minutes).
  await phase('lint', async () => (await run(bin('eslint'), ['.', '--max-warnings=0'])) || run('npm', ['run', '--silent', 'lint:cycles']))
  await phase('types', () => run(bin('tsc'), ['--noEmit']))
  await phase('unit', vitest('unit'), { project: 'unit' })
  await phase('integration', vitest('integration'), { project: 'integration' })
}

const waitFrom = performance.now()
const built = await build
const waited = seconds(waitFrom)
phases.push({
  name: 'build',
  seconds: built.seconds,
  status: built.code === 0 ? 'ok' : 'failed',
  note: e2eOnly ? '' : `in the background; waited ${waited.toFixed(1)} s for it`,
})
if (built.code !== 0) {
  console.error(`\n== the production build failed (exit code ${built.code}); its log is ${path.relative(root, built.logFile)}`)
  // `--e2e` streamed it already.
  if (!e2eOnly) console.error(`\n${readFileSync(built.logFile, 'utf8')}`)
  phases.push({ name: 'end to end', seconds: 0, status: 'not run', project: 'e2e' })
} else {
  const e2e = await phase('end to end', vitest('e2e'), { project: 'e2e' })
  // The end-to-end setup records how long the server took to start (database, migrations, seed).
  const serverFile = path.join(results, 'e2e-server.json')
  if (existsSync(serverFile)) {
    const server = JSON.parse(readFileSync(serverFile, 'utf8'))
    e2e.seconds = Math.max(0, e2e.seconds - server.seconds)
    phases.splice(phases.indexOf(e2e), 0, { name: 'server start', seconds: server.seconds, status: 'ok' })
  }
}

const reports = {}
for (const project of ['unit', 'integration', 'e2e']) {
  const file = path.join(results, `${project}.json`)
  if (existsSync(file)) reports[project] = JSON.parse(readFileSync(file, 'utf8'))
}
const summary = summarize({ phases, reports, wallSeconds: seconds(started), root })
writeFileSync(path.join(results, 'timings.json'), `${JSON.stringify(summary, null, 2)}\n`)
console.log(formatSummary(summary))
const failed = summary.totals.failed > 0 || phases.some((entry) => entry.status !== 'ok')
process.exit(failed ? 1 : 0)
