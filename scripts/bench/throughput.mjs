#!/usr/bin/env node
// Cached-page throughput for the issue notes (never a test assertion). For each path it
// interleaves, at 10 connections (2 s warm-up, 8 s measured), identity and gzip:
// - the site (`--url`, started with `npm start`);
// - a bare node:http server sending the same bytes (the physical limit of this machine);
// - stock `next start` of the same build against the same database (JOBS_AUTORUN=false);
// - optionally another site (`--compare <url>`).
// It also reports the resident memory of the process listening on the site's port at the start and
// the end. Usage: `npm run bench:throughput -- [--url http://localhost:3000] [--paths /,/blog]
//         [--compare http://localhost:3001] [--connections 10] [--warmup 2] [--duration 8] [--no-next]`.
// `npm run bench:load` is the 60-second load run: `--duration 60 --no-next` (other flags pass through).
// Writes bench-results/throughput.json.
import { spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { prepareAppEnv, root } from '../lib/app-env.mjs'
import { realNow } from '../lib/clock.mjs'
import { flags, list, number, siteUrl, text } from './args.mjs'
import { serverMemory } from './process-memory.mjs'

const args = flags()
const site = siteUrl(args)
const compare = text(args, 'compare', '').replace(/\/$/, '')
const paths = list(args, 'paths', ['/'])
const connections = number(args, 'connections', 10)
const warmup = number(args, 'warmup', 2)
const duration = number(args, 'duration', 8)
const withNext = !args['no-next']
const ENCODINGS = { identity: 'identity', gzip: 'gzip' }

/** One raw GET (no decompression): status, headers and the bytes as sent. */
function fetchRaw(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks = []
        response.on('data', (chunk) => chunks.push(chunk))
        response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }))
      })
      .on('error', reject)
  })
}

function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer()
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

/** The bare server: for each path the site's own identity and gzip bytes, nothing else. */
async function startBare(pages) {
  const server = http.createServer((req, res) => {
    const page = pages.get(req.url)
    if (!page) {
      res.writeHead(404).end()
      return
    }
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))
    const body = gzip ? page.gzip : page.identity
    res.writeHead(200, { 'content-type': page.type, 'content-length': body.length, ...(gzip ? { 'content-encoding': 'gzip' } : {}), vary: 'Accept-Encoding' })
    res.end(body)
  })
  server.keepAliveTimeout = 65_000
  const port = await freePort()
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise((resolve) => server.close(resolve)) }
}

async function waitFor(url, child, seconds) {
  const deadline = performance.now() + seconds * 1000
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}`)
    try {
      const response = await fetch(url)
      await response.arrayBuffer()
      if (response.status < 500) return
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error('next start did not answer in time')
}

/** Stock `next start` of the same build, against the site's database, without job runners. */
async function startNext() {
  const { env } = await prepareAppEnv({ log: () => {}, borrow: true })
  const port = await freePort()
  const child = spawn(process.execPath, [path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'start', '-p', String(port)], {
    cwd: root,
    env: { ...env, NODE_ENV: 'production', PORT: String(port), JOBS_AUTORUN: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://localhost:${port}`
  await waitFor(`${url}/`, child, 120)
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', resolve)
        child.kill('SIGTERM')
      }),
  }
}

function measure(url, headers, seconds) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, headers, timeout: 10 }, (error, result) => (error ? reject(error) : resolve(result)))
  })
}

async function run(name, base, pagePath, encoding) {
  const headers = { 'accept-encoding': encoding, 'accept-language': 'en-US,en;q=0.9' }
  await measure(`${base}${pagePath}`, headers, warmup)
  const result = await measure(`${base}${pagePath}`, headers, duration)
  const row = {
    server: name,
    path: pagePath,
    encoding,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
    bytesPerRequest: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
  }
  console.log(
    `[bench] ${pagePath.padEnd(12)} ${encoding.padEnd(8)} ${name.padEnd(11)} ${String(row.requestsPerSecond).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  errors ${row.errors}  non-2xx ${row.non2xx}  time-outs ${row.timeouts}  ${row.bytesPerRequest} B`,
  )
  return row
}

const pages = new Map()
for (const pagePath of paths) {
  const identity = await fetchRaw(`${site}${pagePath}`, { 'accept-encoding': 'identity', 'accept-language': 'en-US,en;q=0.9' })
  if (identity.status !== 200) {
    console.error(`[bench] ${site}${pagePath} answered ${identity.status}; start the site with \`npm start\` first`)
    process.exit(1)
  }
  // Twice: the first answer may precede the compressed copy.
  await fetchRaw(`${site}${pagePath}`, { 'accept-encoding': 'gzip' })
  await new Promise((resolve) => setTimeout(resolve, 500))
  const gzip = await fetchRaw(`${site}${pagePath}`, { 'accept-encoding': 'gzip' })
  pages.set(pagePath, { identity: identity.body, gzip: gzip.headers['content-encoding'] === 'gzip' ? gzip.body : (await import('node:zlib')).gzipSync(identity.body, { level: 9 }), type: String(identity.headers['content-type']) })
}

// The web server's resident memory before and after the load (the process listening on the site's port).
const memoryBefore = serverMemory(site)
const bare = await startBare(pages)
const nextStart = withNext ? await startNext() : null
const servers = [['site', site], ['bare', bare.url], ...(nextStart ? [['next start', nextStart.url]] : []), ...(compare ? [['compare', compare]] : [])]
const rows = []
try {
  for (const pagePath of paths) {
    for (const encoding of Object.values(ENCODINGS)) {
      for (const [name, base] of servers) rows.push(await run(name, base, pagePath, encoding))
    }
  }
} finally {
  await bare.stop()
  await nextStart?.stop()
}

const memoryAfter = serverMemory(site)
const memory = { pid: memoryBefore.pid, startMiB: memoryBefore.mib, endMiB: memoryAfter.mib }
console.log(
  memory.pid
    ? `[bench] web server (pid ${memory.pid}) resident memory: ${memory.startMiB} MiB at start, ${memory.endMiB} MiB at the end`
    : '[bench] web server memory: not readable (not a local port, or not Linux)',
)

const ratios = []
for (const pagePath of paths) {
  for (const encoding of Object.values(ENCODINGS)) {
    const of = (name) => rows.find((row) => row.server === name && row.path === pagePath && row.encoding === encoding)
    const ours = of('site')
    const ratio = (name) => (of(name)?.requestsPerSecond ? Number((ours.requestsPerSecond / of(name).requestsPerSecond).toFixed(2)) : null)
    const line = { path: pagePath, encoding, vsBare: ratio('bare'), vsNextStart: ratio('next start'), vsCompare: ratio('compare') }
    ratios.push(line)
    console.log(`[bench] ${pagePath} ${encoding}: site/bare ${line.vsBare}${line.vsNextStart !== null ? `, site/next start ${line.vsNextStart}` : ''}${line.vsCompare !== null ? `, site/compare ${line.vsCompare}` : ''}`)
  }
}

const out = path.join(root, 'bench-results')
mkdirSync(out, { recursive: true })
const summary = { at: realNow().toISOString(), machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, load: os.loadavg() }, site, compare: compare || null, connections, warmup, duration, rows, ratios, memory }
writeFileSync(path.join(out, 'throughput.json'), `${JSON.stringify(summary, null, 2)}\n`)
console.log(`[bench] written to ${path.relative(process.cwd(), path.join(out, 'throughput.json'))}`)
