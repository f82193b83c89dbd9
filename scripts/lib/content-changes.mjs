// The content-change signal: one PostgreSQL LISTEN/NOTIFY channel. The app announces every
// published change on it (src/services/content/changes.ts); each instance's request proxy (its
// route index) and web server (its response cache) follow it.
import pg from 'pg'

export const CONTENT_CHANNEL = 'veilgate_content'
/** The process event a save emits as it announces a change (its payload: the signal's text), for this instance's response cache. */
export const CHANGE_ANNOUNCED_EVENT = 'veilgate:change-announced'

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; longer lists become "everything". */
export const MAX_SIGNAL_BYTES = 7000

/**
 * The text sent for a change: `{ "paths": [...] }` (content paths without a locale prefix), or
 * `{ "all": true }` when everything may have changed (catalogue, settings) or the list is too long.
 */
export function encodeChange(change) {
  const paths = [...new Set((change.paths ?? []).filter((path) => typeof path === 'string' && path.startsWith('/')))]
  const text = JSON.stringify(change.all ? { all: true } : { paths })
  return Buffer.byteLength(text) < MAX_SIGNAL_BYTES ? text : JSON.stringify({ all: true })
}

/** Reads a signal; anything unreadable counts as "everything changed" (never a stale page). */
export function decodeChange(text) {
  try {
    const value = JSON.parse(text ?? '')
    if (value?.all === true) return { all: true, paths: [] }
    if (Array.isArray(value?.paths)) return { all: false, paths: value.paths.filter((path) => typeof path === 'string') }
  } catch {
    // fall through
  }
  return { all: true, paths: [] }
}

/**
 * Listens on one channel with one dedicated connection. `onConnect` runs after every (re)connect,
 * when the follower must reload everything it holds, since notifications sent while it was away
 * are lost; `onMessage` gets each payload. A dropped connection is retried every `retryMs`.
 * @param {{ connectionString: string, channel: string, onMessage: (text: string) => void, onConnect?: () => unknown, retryMs?: number }} options
 */
export function followChannel({ connectionString, channel, onMessage, onConnect, retryMs = 1000 }) {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`)
  let client
  let stopped = false
  let timer

  const retry = () => {
    if (stopped || timer) return
    timer = setTimeout(() => {
      timer = undefined
      void connect()
    }, retryMs)
    timer.unref?.()
  }

  const connect = async () => {
    const candidate = new pg.Client({ connectionString, keepAlive: true })
    // An 'error' on a dropped connection is followed by 'end', which retries.
    candidate.on('error', () => undefined)
    candidate.on('end', () => {
      if (client === candidate) client = undefined
      retry()
    })
    candidate.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '')
    })
    try {
      await candidate.connect()
      await candidate.query(`LISTEN ${channel}`)
      if (stopped) {
        await candidate.end()
        return
      }
      // Unref'd: a listening connection alone never keeps a process (a test, a script) alive.
      candidate.connection?.stream?.unref?.()
      client = candidate
      await onConnect?.()
    } catch {
      candidate.end().catch(() => undefined)
      retry()
    }
  }

  void connect()
  return {
    connected: () => client !== undefined,
    /** The listening connection's server process id (tests end it to check the reconnect). */
    backendPid: () => client?.processID,
    stop: async () => {
      stopped = true
      clearTimeout(timer)
      await client?.end().catch(() => undefined)
      client = undefined
    },
  }
}

/**
 * The content-change signal's follower: each decoded signal to `onChange` (with its text).
 * @param {{ connectionString: string, onChange: (change: { all: boolean, paths: string[] }, text: string) => void, onConnect?: () => unknown, retryMs?: number }} options
 */
export function followContentChanges({ connectionString, onChange, onConnect, retryMs = 1000 }) {
  return followChannel({ connectionString, channel: CONTENT_CHANNEL, onMessage: (text) => onChange(decodeChange(text), text), onConnect, retryMs })
}
