#!/usr/bin/env node
// Checkout throughput for the issue notes (never a test assertion): N parallel buyers, each with a
// fresh e-mail, tokenize 4242 4242 4242 4242 and buy vpn-1y, for D seconds. A checkout counts when
// the purchase answers paid; anything else (a 429 included) is an error.
// Usage: start the site with CHECKOUT_RATE_LIMIT=0 (`CHECKOUT_RATE_LIMIT=0 npm start`), then
// `npm run bench:checkout -- [--url http://localhost:3000 --concurrency 16 --duration 30]`.
import { randomUUID } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { flags, number, siteUrl } from './args.mjs'
import { realMs, realNow } from '../lib/clock.mjs'

const args = flags()
const base = siteUrl(args)
const concurrency = number(args, 'concurrency', 16)
const duration = number(args, 'duration', 30)
const run = realMs().toString(36)

const post = (url, body, headers = {}) =>
  fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })

let counter = 0
async function checkout() {
  const tokenized = await post('/api/payments/sandbox/tokenize', { number: '4242424242424242', expMonth: 12, expYear: realNow().getUTCFullYear() + 3, cvc: '123' })
  const token = await tokenized.json().catch(() => ({}))
  if (tokenized.status !== 200) return `tokenize ${tokenized.status}`
  const bought = await post(
    '/api/veilgate/purchase/url-with-email/',
    { email: `bench-${run}-${++counter}@example.com`, receiveMarketingEmails: false, plan: 'vpn-1y', paymentMethod: 'card', cardToken: token.token, country: 'DE', locale: 'en' },
    { 'idempotency-key': randomUUID() },
  )
  const answer = await bought.json().catch(() => ({}))
  return bought.status === 200 && answer.status === 'paid' ? null : `purchase ${bought.status}`
}

// One checkout first: the server is up and the sandbox takes payments.
const first = await checkout()
if (first) {
  console.error(`[bench] the first checkout failed (${first}); is the site running at ${base} with CHECKOUT_RATE_LIMIT=0?`)
  process.exit(1)
}

const latencies = []
const errors = {}
const deadline = performance.now() + duration * 1000
async function buyer() {
  while (performance.now() < deadline) {
    const started = performance.now()
    const error = await checkout().catch((cause) => `network ${cause?.cause?.code ?? cause?.message ?? cause}`)
    if (error) errors[error] = (errors[error] ?? 0) + 1
    else latencies.push(performance.now() - started)
  }
}
const started = performance.now()
await Promise.all(Array.from({ length: concurrency }, buyer))
const elapsed = (performance.now() - started) / 1000
latencies.sort((a, b) => a - b)
const pct = (p) => (latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]) : null)
const errorCount = Object.values(errors).reduce((sum, n) => sum + n, 0)
const result = {
  url: base,
  concurrency,
  durationSeconds: Number(elapsed.toFixed(1)),
  checkouts: latencies.length,
  checkoutsPerSecond: Number((latencies.length / elapsed).toFixed(2)),
  latencyMs: { p50: pct(50), p90: pct(90), p99: pct(99) },
  errors: errorCount,
  errorKinds: errors,
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? 'unknown', memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version },
  at: realNow().toISOString(),
}
const dir = path.resolve(import.meta.dirname, '..', '..', 'bench-results')
mkdirSync(dir, { recursive: true })
writeFileSync(path.join(dir, 'checkout.json'), `${JSON.stringify(result, null, 2)}\n`)
console.log(`[bench] checkout at ${concurrency} buyers for ${result.durationSeconds} s: ${result.checkoutsPerSecond} checkouts/s (${result.checkouts} paid)`)
console.log(`[bench] latency ms (tokenize + buy): p50 ${result.latencyMs.p50}, p90 ${result.latencyMs.p90}, p99 ${result.latencyMs.p99}; errors ${errorCount} ${JSON.stringify(errors)}`)
console.log(`[bench] written to bench-results/checkout.json`)
