#!/usr/bin/env node
// Performance figures for the issue notes (never a test assertion):
//   1. first-load JavaScript (gzip) of each page,
//   2. Lighthouse mobile performance, median of three runs (lighthouse 12 via npx, Debian's Chromium),
//   3. server render throughput, served from the render cache and freshly rendered.
// Usage: start the site (`npm start`), then `npm run bench [-- --url http://localhost:3000 --paths /,/de]`.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, arg, i, all) => (arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), []),
)
const base = (args.url || process.env.BENCH_URL || 'http://localhost:3000').replace(/\/$/, '')
const paths = (args.paths || '/').split(',')
const runs = Number(args.runs || 3)
const chrome = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const outDir = path.resolve('bench-results')
mkdirSync(outDir, { recursive: true })

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

/** fetch with one retry: the server may close an idle keep-alive connection between phases. */
async function get(url, init) {
  try {
    return await fetch(url, init)
  } catch {
    return fetch(url, init)
  }
}

async function firstLoadJs(pagePath) {
  const html = await (await get(base + pagePath, { headers: { 'accept-language': 'en' } })).text()
  // Scripts marked noModule (legacy polyfills) are not loaded by current browsers.
  const scripts = [...html.matchAll(/<script([^>]+)>/g)]
    .filter((m) => !/nomodule/i.test(m[1]))
    .map((m) => /src="([^"]+)"/.exec(m[1])?.[1])
    .filter(Boolean)
  let raw = 0
  let gzip = 0
  for (const src of new Set(scripts)) {
    const body = Buffer.from(await (await get(new URL(src, base))).arrayBuffer())
    raw += body.length
    gzip += gzipSync(body, { level: 9 }).length
  }
  return { scripts: new Set(scripts).size, rawKiB: +(raw / 1024).toFixed(1), gzipKiB: +(gzip / 1024).toFixed(1) }
}

function lighthouse(pagePath) {
  const scores = []
  const lcp = []
  const tbt = []
  for (let i = 0; i < runs; i++) {
    const file = path.join(outDir, `lighthouse-${pagePath.replace(/\W+/g, '_') || 'home'}-${i}.json`)
    execFileSync(
      'npx',
      [
        '--yes',
        'lighthouse@12.8.2',
        base + pagePath,
        '--only-categories=performance',
        '--form-factor=mobile',
        '--output=json',
        `--output-path=${file}`,
        '--quiet',
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run',
      ],
      { env: { ...process.env, CHROME_PATH: chrome }, stdio: ['ignore', 'ignore', 'inherit'] },
    )
    const report = JSON.parse(execFileSync('cat', [file]).toString())
    scores.push(Math.round(report.categories.performance.score * 100))
    lcp.push(report.audits['largest-contentful-paint'].numericValue)
    tbt.push(report.audits['total-blocking-time'].numericValue)
  }
  return { scores, median: median(scores), lcpMs: Math.round(median(lcp)), tbtMs: Math.round(median(tbt)) }
}

async function throughput(pagePath, { requests = 200, concurrency = 4, headers = {} } = {}) {
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < requests) {
        const response = await get(base + pagePath, { headers: { 'accept-language': 'en', ...headers } })
        await response.arrayBuffer()
      }
    }),
  )
  return +(requests / ((performance.now() - started) / 1000)).toFixed(1)
}

// Next re-renders a cached page on a request carrying its preview id in this header (on-demand
// revalidation); that measures rendering without the cache.
const manifest = path.resolve('.next', 'prerender-manifest.json')
const previewModeId = existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).preview?.previewModeId : undefined

const results = { base, date: new Date().toISOString(), pages: {} }
for (const pagePath of paths) {
  const entry = {}
  entry.firstLoadJs = await firstLoadJs(pagePath)
  entry.cachedPagesPerSecond = await throughput(pagePath)
  if (previewModeId) {
    entry.uncachedPagesPerSecond = await throughput(pagePath, { requests: 60, headers: { 'x-prerender-revalidate': previewModeId } })
  }
  if (!args['skip-lighthouse']) entry.lighthouseMobile = lighthouse(pagePath)
  results.pages[pagePath] = entry
  console.log(pagePath, JSON.stringify(entry))
}
writeFileSync(path.join(outDir, 'summary.json'), JSON.stringify(results, null, 2))
console.log(`written to ${path.join(outDir, 'summary.json')}`)
