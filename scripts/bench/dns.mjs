#!/usr/bin/env node
// `npm run bench:dns [-- --port 5353 --host 127.0.0.1 --seconds 10 --inflight 64]`: the connection
// test's name server under load (site running: `npm start`). Keeps 64 UDP queries in flight for
// 10 s, each an A query for a signed probe name (so each is recorded, as in a real test), and
// prints queries per second, p50/p99 latency, errors and time-outs, and the server's memory
// afterwards. A measurement, never a test assertion.
import dgram from 'node:dgram'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import dnsPacket from 'dns-packet'
import { connectionSettings } from '../lib/connection-settings.mjs'
import { newTestId, probeLabel } from '../lib/connection-test-ids.mjs'

const { values } = parseArgs({
  options: { host: { type: 'string', default: '127.0.0.1' }, port: { type: 'string' }, seconds: { type: 'string', default: '10' }, inflight: { type: 'string', default: '64' } },
})
const settings = connectionSettings()
const port = Number(values.port ?? settings.dnsPort)
const seconds = Number(values.seconds)
const inflight = Number(values.inflight)
const root = path.resolve(import.meta.dirname, '..', '..')
const secretFile = path.join(path.resolve(root, process.env.DATA_DIR || '.data'), 'payload-secret')
const secret = process.env.PAYLOAD_SECRET || (existsSync(secretFile) ? readFileSync(secretFile, 'utf8').trim() : 'unsigned')
const tests = Array.from({ length: 50 }, () => newTestId(secret))

const socket = dgram.createSocket(values.host.includes(':') ? 'udp6' : 'udp4')
const pending = new Map()
const latencies = []
let nextId = 0
let sent = 0
let errors = 0
let timeouts = 0
const ends = performance.now() + seconds * 1000

function send() {
  if (performance.now() >= ends) return
  let id = nextId++ & 0xffff
  while (pending.has(id)) id = nextId++ & 0xffff
  const name = `${probeLabel()}.${tests[sent % tests.length]}.${settings.zone}`
  const timer = setTimeout(() => {
    pending.delete(id)
    timeouts++
    send()
  }, 2000)
  pending.set(id, { started: process.hrtime.bigint(), timer })
  sent++
  socket.send(dnsPacket.encode({ type: 'query', id, questions: [{ type: 'A', name }] }), port, values.host)
}

socket.on('message', (message) => {
  const id = message.readUInt16BE(0)
  const entry = pending.get(id)
  if (!entry) return
  clearTimeout(entry.timer)
  pending.delete(id)
  latencies.push(Number(process.hrtime.bigint() - entry.started) / 1e6)
  if ((message.readUInt16BE(2) & 0xf) !== 0) errors++
  send()
})

const started = performance.now()
for (let i = 0; i < inflight; i++) send()
await new Promise((resolve) => setTimeout(resolve, seconds * 1000 + 2100))
socket.close()
const elapsed = (Math.min(performance.now(), ends) - started) / 1000
latencies.sort((a, b) => a - b)
const at = (q) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(2) : '–')
console.log(
  `${values.host}:${port}, ${inflight} in flight for ${seconds} s: ${latencies.length} answers, ${Math.round(latencies.length / elapsed).toLocaleString('en')} queries/s, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, ${errors} errors, ${timeouts} time-outs`,
)

// The server's memory, when it runs on this machine (Linux /proc).
for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
  try {
    if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('connection-servers.mjs')) continue
    const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    if (rss) console.log(`connection-servers (pid ${pid}) resident memory after the run: ${(Number(rss) / 1024).toFixed(1)} MiB`)
  } catch {
    // A process that ended meanwhile.
  }
}
