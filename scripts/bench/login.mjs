#!/usr/bin/env node
// login/ throughput for the issue notes (never a test assertion): registers one customer, then
// keeps N connections busy signing in for D seconds and prints requests per second and latency.
// Usage: start the site (`npm start`), then `node scripts/bench/login.mjs [--url http://localhost:3000 --connections 10 --seconds 10]`.
import { flags, number, siteUrl } from './args.mjs'
import { realMs } from '../lib/clock.mjs'
const args = flags()
const base = siteUrl(args)
const connections = number(args, 'connections', 10)
const seconds = number(args, 'seconds', 10)

const username = `bench-${realMs()}@example.com`
const password = 'bench-Password-2026'
const post = (path, body) =>
  fetch(`${base}/api/veilgate/auth/${path}/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

const created = await post('register', { username, password, confirmPassword: password, terms: true })
if (created.status !== 201) {
  console.error(`[bench] register/ answered ${created.status}: ${await created.text()}`)
  process.exit(1)
}

const latencies = []
const statuses = {}
const deadline = performance.now() + seconds * 1000
async function worker() {
  while (performance.now() < deadline) {
    const started = performance.now()
    const response = await post('login', { username, password })
    await response.arrayBuffer()
    latencies.push(performance.now() - started)
    statuses[response.status] = (statuses[response.status] ?? 0) + 1
  }
}
const started = performance.now()
await Promise.all(Array.from({ length: connections }, worker))
const elapsed = (performance.now() - started) / 1000
latencies.sort((a, b) => a - b)
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(0)
console.log(`[bench] login/ at ${connections} connections for ${elapsed.toFixed(1)} s: ${(latencies.length / elapsed).toFixed(1)} requests/s`)
console.log(`[bench] latency ms: p50 ${pct(50)}, p90 ${pct(90)}, p99 ${pct(99)}; statuses ${JSON.stringify(statuses)}`)
