#!/usr/bin/env node
// `npm run bench:soak`: minutes of mixed traffic at a steady rate through the public endpoints
// only, for the issue notes (a measurement, never a test assertion). Start the site with the
// limits raised through their variables (docs/testing.md, "Benchmarks"), then
//   npm run bench:soak -- [--url http://localhost:3000] [--minutes 5] [--rate 50] [--dns-port 5353]
// Kinds of traffic, by share of the requests: pages (/, /de, an Arabic post, /jp, /ru, a blog
// post, a help manual; one in 20 with a fresh ?utm_source= as shared links arrive), search, the
// newsletter (ALTCHA solved here with altcha-lib), sandbox card checkouts (mostly 4242…, some
// 3-D Secure 3155 answered, some 0002 declined, some PayPal approved) and connection tests (the
// six probe names asked of the name server). Declines and 3-D Secure are outcomes, not errors.
// Reports per kind requests, errors, p50 and p99; the response cache's HIT share; the web
// server's and the connection servers' resident memory every 10 s (after the warm-up, at the end,
// the maximum); and, through /cms-api/outbox (ADMIN_EMAIL / ADMIN_PASSWORD), that every
// subscription has its confirmation and every paid order its receipt, once each.
// Exits 1 when a request failed or a message is missing or doubled.
import { randomUUID } from 'node:crypto'
import dgram from 'node:dgram'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import dnsPacket from 'dns-packet'
import { realNow } from '../lib/clock.mjs'
import { connectionSettings } from '../lib/connection-settings.mjs'
import { listeningPid, residentMiB } from './process-memory.mjs'

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.BENCH_URL || 'http://localhost:3000' },
    minutes: { type: 'string', default: '5' },
    rate: { type: 'string', default: '50' },
    'dns-port': { type: 'string' },
    'dns-host': { type: 'string', default: '127.0.0.1' },
    warmup: { type: 'string', default: '30' },
    kinds: { type: 'string', default: 'page,search,subscribe,checkout,connection-test' },
  },
})
const base = values.url.replace(/\/$/, '')
const seconds = Number(values.minutes) * 60
const rate = Number(values.rate)
const warmupSeconds = Number(values.warmup)
const dnsPort = Number(values['dns-port'] ?? connectionSettings().dnsPort)
const dnsHost = values['dns-host']
const run = realNow().getTime().toString(36)
const root = path.resolve(import.meta.dirname, '..', '..')

/** Per kind: HTTP requests (or DNS queries), errors by reason, latencies in ms. */
const stats = new Map()
const kindStats = (kind) => {
  let found = stats.get(kind)
  if (!found) stats.set(kind, (found = { requests: 0, errors: {}, latencies: [], outcomes: {} }))
  return found
}
const fail = (kind, reason) => {
  const entry = kindStats(kind)
  entry.errors[reason] = (entry.errors[reason] ?? 0) + 1
}
const outcome = (kind, name) => {
  const entry = kindStats(kind)
  entry.outcomes[name] = (entry.outcomes[name] ?? 0) + 1
}
const cache = { pages: 0, hits: 0, fresh: 0, freshHits: 0 }

/** One timed HTTP request counted under `kind`; throws (counted) when `ok` refuses the status. */
async function request(kind, pathname, { method = 'GET', body, headers = {}, ok = (status) => status >= 200 && status < 300 } = {}) {
  const entry = kindStats(kind)
  entry.requests++
  const started = performance.now()
  // An error is named by its request without ids or tokens, so that like errors count together.
  const refuse = (what) => {
    const reason = `${method} ${pathname.split('?')[0].replace(/sbx_\d+_\d+|[0-9a-f-]{20,}|[A-Z2-7]{20,}/gi, '…')} ${what}`
    fail(kind, reason)
    return new Error(reason)
  }
  let response
  try {
    response = await fetch(`${base}${pathname}`, {
      method,
      redirect: 'manual',
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    })
  } catch (error) {
    throw refuse(error?.cause?.code ?? error?.name ?? error)
  }
  const text = await response.text().catch(() => '')
  entry.latencies.push(performance.now() - started)
  if (!ok(response.status)) throw refuse(response.status)
  let json = null
  if ((response.headers.get('content-type') ?? '').includes('json')) json = JSON.parse(text || 'null')
  return { status: response.status, headers: response.headers, json }
}

// What the soak buys and subscribes, for the check at the end.
const subscribed = []
const paid = []

async function humanCheck(kind) {
  const { json: challenge } = await request(kind, '/api/veilgate/captcha/challenge/')
  const solution = await solveChallenge({ challenge, deriveKey })
  return { inrecaptcha: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'), version: 'altcha' }
}

let pages = []
let pageTurn = 0
async function page() {
  const pathname = pages[pageTurn++ % pages.length]
  const fresh = pageTurn % 20 === 0
  const { headers } = await request('page', fresh ? `${pathname}?utm_source=soak-${run}-${pageTurn}` : pathname)
  const hit = headers.get('x-veilgate-cache') === 'HIT'
  cache.pages++
  if (hit) cache.hits++
  if (fresh) {
    cache.fresh++
    if (hit) cache.freshHits++
  }
}

const WORDS = ['vpn', 'wireguard', 'router', 'streaming', 'kill switch', 'password', 'dns', 'android', 'windows', 'travel', 'ipv6', 'leak', 'servers', 'privacy', 'refund']
let searchTurn = 0
async function search() {
  const word = WORDS[searchTurn++ % WORDS.length]
  await request('search', `/search?q=${encodeURIComponent(searchTurn % 3 ? word : `${word} ${WORDS[(searchTurn * 7) % WORDS.length]}`)}`)
}

let readerTurn = 0
async function subscribe() {
  const email = `soak-${run}-reader-${++readerTurn}@example.com`
  const check = await humanCheck('subscribe')
  await request('subscribe', '/api/coms/subscribe/', { method: 'POST', body: { ...check, username: email, locale: 'en' } })
  subscribed.push(email)
}

let buyerTurn = 0
async function checkout() {
  const turn = ++buyerTurn
  const email = `soak-${run}-buyer-${turn}@example.com`
  // Of ten checkouts: seven 4242, one 3-D Secure, one declined, one PayPal.
  const kind = ['card', 'card', 'card', '3ds', 'card', 'card', 'declined', 'card', 'paypal', 'card'][turn % 10]
  const order = { email, receiveMarketingEmails: false, plan: 'vpn-1y', country: 'DE', locale: 'en' }
  const key = { 'idempotency-key': randomUUID() }
  if (kind === 'paypal') {
    const { json: started } = await request('checkout', '/api/veilgate/purchase/url-with-email/', { method: 'POST', body: { ...order, paymentMethod: 'paypal' }, headers: key })
    const reference = String(started.url).split('/').pop()
    await request('checkout', `/api/payments/sandbox/approve/${reference}`, { method: 'POST', body: { outcome: 'approve' } })
    const { json: status } = await request('checkout', '/api/veilgate/sales/check-payment-status/', { method: 'POST', body: { hash: started.hash } })
    outcome('checkout', `paypal ${status.status}`)
    if (status.status === 'paid') paid.push(email)
    return
  }
  const number = { card: '4242424242424242', '3ds': '4000002500003155', declined: '4000000000000002' }[kind]
  const { json: token } = await request('checkout', '/api/payments/sandbox/tokenize', { method: 'POST', body: { number, expMonth: 12, expYear: realNow().getUTCFullYear() + 3, cvc: '123' } })
  const { status, json: answer } = await request('checkout', '/api/veilgate/purchase/url-with-email/', {
    method: 'POST',
    body: { ...order, paymentMethod: 'card', cardToken: token.token },
    headers: key,
    ok: (code) => code === 200 || (kind === 'declined' && code === 402),
  })
  if (status === 402) {
    outcome('checkout', 'declined')
    return
  }
  if (answer.status === 'requires_action') {
    const reference = String(answer.url).split('/').pop()
    await request('checkout', `/api/payments/sandbox/3ds/${reference}`, { method: 'POST', body: { outcome: 'complete' } })
    const { json: after } = await request('checkout', '/api/veilgate/sales/check-payment-status/', { method: 'POST', body: { hash: answer.hash } })
    outcome('checkout', `3-D Secure ${after.status}`)
    if (after.status === 'paid') paid.push(email)
    return
  }
  outcome('checkout', `card ${answer.status}`)
  if (answer.status === 'paid') paid.push(email)
  else fail('checkout', `card answered ${answer.status}`)
}

// The name server: one socket, answers matched by id.
const socket = dgram.createSocket(dnsHost.includes(':') ? 'udp6' : 'udp4')
const pendingQueries = new Map()
let queryId = 0
socket.on('message', (message) => {
  const waiting = pendingQueries.get(message.readUInt16BE(0))
  if (waiting) waiting(message)
})
function ask(name) {
  const entry = kindStats('dns')
  entry.requests++
  let id = queryId++ & 0xffff
  while (pendingQueries.has(id)) id = queryId++ & 0xffff
  const started = performance.now()
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      pendingQueries.delete(id)
      fail('dns', 'time-out')
      resolve()
    }, 5000)
    pendingQueries.set(id, (message) => {
      clearTimeout(timer)
      pendingQueries.delete(id)
      entry.latencies.push(performance.now() - started)
      if ((message.readUInt16BE(2) & 0xf) !== 0) fail('dns', `rcode ${message.readUInt16BE(2) & 0xf}`)
      resolve()
    })
    socket.send(dnsPacket.encode({ type: 'query', id, flags: dnsPacket.RECURSION_DESIRED, questions: [{ type: 'A', name }] }), dnsPort, dnsHost)
  })
}
async function connectionTest() {
  const { json: test } = await request('connection-test', '/api/connection-test/', { method: 'POST' })
  await Promise.all(test.probes.map((name) => ask(name)))
  await request('connection-test', `/api/connection-test/${test.id}/`)
}

// The mix: each kind's share of operations, and how many requests one costs (for the rate).
// Shares as a content site's traffic runs: mostly pages, a few searches, sign-ups and purchases.
// A search is rendered for each request and a checkout writes an order, a charge, e-mails and
// events: one instance on two cores takes about 5 searches or 4 checkouts a second alone
// (`--kinds search --rate 10` shows a kind's limit), so their shares here stay realistic.
const MIX = [
  { name: 'page', run: page, share: 88, cost: 1 },
  { name: 'search', run: search, share: 2, cost: 1 },
  { name: 'subscribe', run: subscribe, share: 3, cost: 2 },
  { name: 'checkout', run: checkout, share: 3, cost: 2.6 },
  { name: 'connection-test', run: connectionTest, share: 4, cost: 2 },
].filter((kind) => values.kinds.split(',').includes(kind.name))
const totalShare = MIX.reduce((sum, kind) => sum + kind.share, 0)
let mixTurn = 0
/** A fixed interleaving of the kinds by their shares (no randomness: two runs send the same traffic). */
function nextKind() {
  const position = (mixTurn++ * 37) % totalShare
  let sum = 0
  for (const kind of MIX) {
    sum += kind.share
    if (position < sum) return kind
  }
  return MIX[0]
}

/** Pages to read: the fixed ones, then a blog post, a help manual and an Arabic post from the sitemap. */
async function choosePages() {
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text()
  const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname)
  const post = urls.find((url) => /^\/blog\/[^/]+$/.test(url))
  const manual = urls.find((url) => /^\/help\/.*manual/i.test(url)) ?? urls.find((url) => /^\/help\/.+/.test(url))
  const arabic = urls.find((url) => /^\/ar\/blog\/[^/]+$/.test(url)) ?? (post ? `/ar${post}` : '/ar')
  return ['/', '/de', arabic, '/jp', '/ru', post, manual].filter(Boolean)
}

async function adminToken() {
  const response = await fetch(`${base}/cms-api/admins/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: process.env.ADMIN_EMAIL || 'admin@veilgate.local', password: process.env.ADMIN_PASSWORD || 'veilgate-admin' }),
  })
  if (!response.ok) throw new Error(`the admin could not sign in (${response.status}): set ADMIN_EMAIL and ADMIN_PASSWORD`)
  return (await response.json()).token
}

/** Outbox rows of `template` to the soak's addresses (`to` starts with this run's prefix), counted by address. */
async function outboxCounts(token, template) {
  const counts = new Map()
  for (let pageNumber = 1; ; pageNumber++) {
    const query = new URLSearchParams({ 'where[template][equals]': template, 'where[to][contains]': `soak-${run}-`, limit: '500', page: String(pageNumber), depth: '0', 'select[to]': 'true' })
    const found = await (await fetch(`${base}/cms-api/outbox?${query}`, { headers: { authorization: `JWT ${token}` } })).json()
    for (const doc of found.docs) counts.set(doc.to, (counts.get(doc.to) ?? 0) + 1)
    if (!found.hasNextPage) return counts
  }
}

function lostAndDoubled(expected, counts) {
  return { missing: expected.filter((email) => !counts.get(email)).length, doubled: expected.filter((email) => (counts.get(email) ?? 0) > 1).length }
}

const percentile = (sorted, p) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] * 10) / 10 : null)

// --- the run ---------------------------------------------------------------------------------
const webPort = Number(new URL(base).port || 80)
const webPid = listeningPid(webPort)
const dnsPid = listeningPid(dnsPort, 'udp')
const token = await adminToken()
pages = await choosePages()
// One of each first: the site answers and takes payments with the limits raised.
for (const kind of MIX) {
  try {
    await kind.run()
  } catch (error) {
    console.error(`[soak] ${kind.run.name} failed before the run (${error.message}); start the site as docs/testing.md says for the soak (limits raised, CHECKOUT_RATE_LIMIT=0, ALTCHA_COST=1)`)
    process.exit(1)
  }
}
stats.clear()
Object.assign(cache, { pages: 0, hits: 0, fresh: 0, freshHits: 0 })

const memory = []
const sample = () => memory.push({ at: Math.round((performance.now() - started) / 1000), web: residentMiB(webPid), connection: residentMiB(dnsPid) })
const started = performance.now()
sample()
const sampler = setInterval(sample, 10_000)
const inFlight = new Set()
let budget = 0
let pending = nextKind()
const ticker = setInterval(() => {
  budget += rate / 20
  while (budget >= pending.cost) {
    budget -= pending.cost
    const operation = pending.run().catch(() => {})
    inFlight.add(operation)
    operation.finally(() => inFlight.delete(operation))
    pending = nextKind()
  }
}, 50)
console.log(`[soak] ${base}: ${values.minutes} min at ${rate} requests/s (web server pid ${webPid ?? '?'}, connection servers pid ${dnsPid ?? '?'} on UDP ${dnsPort})`)
await new Promise((resolve) => setTimeout(resolve, seconds * 1000))
clearInterval(ticker)
await Promise.all([...inFlight])
sample()
clearInterval(sampler)
const elapsed = (performance.now() - started) / 1000
socket.close()

// Nothing lost: the queues run each minute at the latest; wait until every message is there (or two minutes pass).
let confirmations
let receipts
for (let wait = 0; wait < 120; wait++) {
  confirmations = await outboxCounts(token, 'newsletter-confirm')
  receipts = await outboxCounts(token, 'receipt')
  if (subscribed.every((email) => confirmations.has(email)) && paid.every((email) => receipts.has(email))) break
  await new Promise((resolve) => setTimeout(resolve, 1000))
}
const mail = { confirmations: { expected: subscribed.length, ...lostAndDoubled(subscribed, confirmations) }, receipts: { expected: paid.length, ...lostAndDoubled(paid, receipts) } }

const rows = [...stats.entries()].map(([kind, entry]) => {
  const sorted = entry.latencies.sort((a, b) => a - b)
  const errors = Object.values(entry.errors).reduce((sum, count) => sum + count, 0)
  return { kind, requests: entry.requests, errors, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), reasons: entry.errors, outcomes: entry.outcomes }
})
const afterWarmup = memory.find((point) => point.at >= warmupSeconds) ?? memory[0]
const last = memory.at(-1)
/**
 * A garbage-collected heap grows between collections and drops after each: a sample at the end
 * may sit anywhere on that saw. What stays after collection is the lowest sample, so memory is
 * flat when the lowest of the second half after the warm-up is within 10 % of the first half's.
 */
const flat = (key) => {
  const values = memory.map((point) => point[key]).filter((value) => value !== null)
  if (!values.length || afterWarmup[key] === null) return { afterWarmup: null, end: null, max: null, floors: null, growth: null, flat: null }
  const measured = memory.filter((point) => point.at >= afterWarmup.at && point[key] !== null)
  const middle = afterWarmup.at + (last.at - afterWarmup.at) / 2
  const floor = (points) => Math.min(...points.map((point) => point[key]))
  const halves = [measured.filter((point) => point.at <= middle), measured.filter((point) => point.at >= middle)]
  const figures = { afterWarmup: afterWarmup[key], end: last[key], max: Math.max(...values) }
  // A process that stopped answering (killed mid-run) leaves a half without samples: no verdict.
  if (halves.some((half) => !half.length)) return { ...figures, floors: null, growth: null, flat: null }
  const floors = halves.map(floor)
  const growth = (floors[1] - floors[0]) / floors[0]
  return { ...figures, floors, growth: Math.round(growth * 1000) / 10, flat: growth <= 0.1 }
}
const totals = { requests: rows.reduce((sum, row) => sum + row.requests, 0), errors: rows.reduce((sum, row) => sum + row.errors, 0) }
const httpRequests = rows.filter((row) => row.kind !== 'dns').reduce((sum, row) => sum + row.requests, 0)
const summary = {
  at: realNow().toISOString(),
  url: base,
  seconds: Math.round(elapsed),
  rate,
  achieved: Math.round((httpRequests / elapsed) * 10) / 10,
  totals,
  kinds: rows,
  responseCache: { pages: cache.pages, hitShare: cache.pages ? Math.round((cache.hits / cache.pages) * 1000) / 10 : null, freshQueries: cache.fresh, freshHitShare: cache.fresh ? Math.round((cache.freshHits / cache.fresh) * 1000) / 10 : null },
  memory: { web: flat('web'), connection: flat('connection'), samples: memory },
  mail,
}

console.log(`\n${summary.seconds} s, ${httpRequests} HTTP requests (${summary.achieved}/s) and ${totals.requests - httpRequests} DNS queries, ${totals.errors} errors`)
console.table(Object.fromEntries(rows.map((row) => [row.kind, { requests: row.requests, errors: row.errors, 'p50 ms': row.p50, 'p99 ms': row.p99 }])))
for (const row of rows) {
  if (Object.keys(row.outcomes).length) console.log(`${row.kind} outcomes: ${Object.entries(row.outcomes).map(([name, count]) => `${name} ${count}`).join(', ')}`)
  if (row.errors) console.log(`${row.kind} errors: ${Object.entries(row.reasons).map(([name, count]) => `${name} ×${count}`).join(', ')}`)
}
if (cache.pages) console.log(`response cache: ${summary.responseCache.hitShare} % of ${cache.pages} pages HIT; fresh queries ${summary.responseCache.freshHitShare} % of ${cache.fresh}`)
for (const [name, figures] of Object.entries({ 'web server': summary.memory.web, 'connection servers': summary.memory.connection })) {
  if (figures.afterWarmup === null) console.log(`${name} resident MiB: not measured (no process found, or it stopped)`)
  else {
    const verdict = figures.floors ? `lowest ${figures.floors.join(' then ')} (${figures.growth} %, ${figures.flat ? 'flat' : 'not flat'})` : 'too few samples after the warm-up to judge'
    console.log(`${name} resident MiB: ${figures.afterWarmup} after ${warmupSeconds} s, ${figures.end ?? 'gone'} at the end, ${figures.max} at most; ${verdict}`)
  }
}
console.log(
  `outbox: ${mail.confirmations.expected} confirmations (${mail.confirmations.missing} missing, ${mail.confirmations.doubled} doubled), ${mail.receipts.expected} receipts (${mail.receipts.missing} missing, ${mail.receipts.doubled} doubled)`,
)
mkdirSync(path.join(root, 'bench-results'), { recursive: true })
writeFileSync(path.join(root, 'bench-results', 'soak.json'), `${JSON.stringify(summary, null, 2)}\n`)
const lost = mail.confirmations.missing + mail.confirmations.doubled + mail.receipts.missing + mail.receipts.doubled
process.exit(totals.errors || lost ? 1 : 0)
