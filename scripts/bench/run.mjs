#!/usr/bin/env node
// Performance figures for the issue notes (never a test assertion):
//   1. first-load JavaScript (gzip) of each page: every script the page loaded before idle,
//   2. Lighthouse mobile, all four categories, median of three runs (lighthouse 12.8.2, a pinned
//      devDependency, in Debian's Chromium), with LCP, TBT and CLS,
//   3. server render throughput, served from the render cache and freshly rendered,
//   4. with --trace, one more Lighthouse run per page under real 4× CPU throttling (devtools
//      throttling, not simulated) whose trace is saved for DevTools: the long tasks after the first
//      paint with the script each is attributed to, and the LCP element with its phases.
// Usage: start the site (`npm start`), then
//   `npm run bench [-- --url http://localhost:3000 --paths /,/blog/<slug> --locales en,de,ar,jp,ru --runs 3 --skip-lighthouse --trace]`.
// With --locales each path is measured under each locale's prefix (English has none).
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { realNow } from '../lib/clock.mjs'
import { flags, list, localized, median, number, siteUrl } from './args.mjs'
import { browserFlags, ensureSystemFonts } from './system-fonts.mjs'

const require = createRequire(import.meta.url)
const args = flags()
const base = siteUrl(args)
const paths = list(args, 'paths', ['/'])
const locales = list(args, 'locales', null)
const runs = number(args, 'runs', 3)
const chrome = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const outDir = path.resolve('bench-results')
/** A page's budget: first-load JavaScript (gzip) and Lighthouse's total blocking time, median of the runs. */
const BUDGET = { jsKiB: 120, tbtMs: 50 }
mkdirSync(outDir, { recursive: true })
const lighthouseCli = require.resolve('lighthouse/cli/index.js')
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']

/** fetch with one retry: the server may close an idle keep-alive connection between phases. */
async function get(url, init) {
  try {
    return await fetch(url, init)
  } catch {
    return fetch(url, init)
  }
}

/** Every script a Lighthouse run saw the page load (before idle), gzip-9 sized as the server would send it. */
async function firstLoadJs(report) {
  const requests = report.audits['network-requests']?.details?.items ?? []
  const scripts = [...new Set(requests.filter((item) => item.resourceType === 'Script' && item.url.startsWith(base)).map((item) => item.url))]
  let raw = 0
  let gzip = 0
  for (const src of scripts) {
    const body = Buffer.from(await (await get(src, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer())
    raw += body.length
    gzip += gzipSync(body, { level: 9 }).length
  }
  return { scripts: scripts.length, rawKiB: +(raw / 1024).toFixed(1), gzipKiB: +(gzip / 1024).toFixed(1) }
}

function lighthouseRun(url, file, extra = []) {
  execFileSync(
    process.execPath,
    [
      lighthouseCli,
      url,
      `--only-categories=${CATEGORIES.join(',')}`,
      '--form-factor=mobile',
      '--output=json',
      `--output-path=${file}`,
      '--quiet',
      `--chrome-flags=${[...browserFlags(args), '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'].join(' ')}`,
      ...extra,
    ],
    { env: { ...process.env, CHROME_PATH: chrome }, stdio: ['ignore', 'ignore', 'inherit'] },
  )
  return JSON.parse(readFileSync(file, 'utf8'))
}

async function lighthouse(pagePath) {
  const reports = []
  for (let i = 0; i < runs; i++) {
    reports.push(lighthouseRun(base + pagePath, path.join(outDir, `lighthouse-${pagePath.replace(/\W+/g, '_') || 'home'}-${i}.json`)))
  }
  const scores = Object.fromEntries(CATEGORIES.map((category) => [category, reports.map((report) => Math.round((report.categories[category]?.score ?? 0) * 100))]))
  const audit = (id) => median(reports.map((report) => report.audits[id]?.numericValue ?? 0))
  return {
    scores,
    median: Object.fromEntries(CATEGORIES.map((category) => [category, median(scores[category])])),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: +audit('cumulative-layout-shift').toFixed(3),
    firstLoadJs: await firstLoadJs(reports[0]),
  }
}

/** A script's address without the site's origin (`/_next/static/chunks/…`); Lighthouse names work it cannot attribute "Unattributable". */
const shortUrl = (url) => (url && url.startsWith(base) ? url.slice(base.length) : url || 'Unattributable')

/**
 * One Lighthouse run under devtools throttling (the CPU really slowed 4×, as a mid-range phone),
 * its trace saved beside the report: the main thread's long tasks after the first contentful
 * paint, each with the script Lighthouse attributes it to, the time each script spent in
 * evaluation, and the LCP element with its phases.
 */
function traceRun(pagePath) {
  const file = path.join(outDir, `trace-${pagePath.replace(/\W+/g, '_') || 'home'}.json`)
  const report = lighthouseRun(base + pagePath, file, ['--throttling-method=devtools', '--save-assets'])
  const fcp = report.audits['first-contentful-paint']?.numericValue ?? 0
  const tasks = (report.audits['long-tasks']?.details?.items ?? []).filter((task) => task.startTime >= fcp)
  const bootup = report.audits['bootup-time']?.details?.items ?? []
  const lcpTables = report.audits['largest-contentful-paint-element']?.details?.items ?? []
  const node = lcpTables[0]?.items?.[0]?.node
  const phases = Object.fromEntries((lcpTables[1]?.items ?? []).map((item) => [item.phase, Math.round(item.timing)]))
  return {
    traceFile: path.relative(process.cwd(), file.replace(/\.json$/, '-0.trace.json')),
    fcpMs: Math.round(fcp),
    lcpMs: Math.round(report.audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(report.audits['total-blocking-time']?.numericValue ?? 0),
    lcpElement: node ? { selector: node.selector, snippet: node.snippet, text: node.nodeLabel } : null,
    lcpPhases: phases,
    longTasksAfterFcp: [...tasks].sort((a, b) => a.startTime - b.startTime).map((task) => ({ url: shortUrl(task.url), startMs: Math.round(task.startTime), durationMs: Math.round(task.duration) })),
    scriptEvaluationMs: bootup
      .filter((item) => item.scripting >= 20)
      .map((item) => ({ url: shortUrl(item.url), scriptingMs: Math.round(item.scripting), parseCompileMs: Math.round(item.scriptParseCompile) })),
  }
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

ensureSystemFonts()
const targets = locales ? paths.flatMap((pagePath) => locales.map((locale) => localized(locale, pagePath))) : paths
const results = { base, date: realNow().toISOString(), runs, pages: {} }
for (const pagePath of targets) {
  const entry = {}
  entry.cachedPagesPerSecond = await throughput(pagePath)
  if (previewModeId && !args['skip-throughput']) {
    entry.uncachedPagesPerSecond = await throughput(pagePath, { requests: 60, headers: { 'x-prerender-revalidate': previewModeId } })
  }
  if (!args['skip-lighthouse']) entry.lighthouseMobile = await lighthouse(pagePath)
  if (args.trace) entry.trace = traceRun(pagePath)
  results.pages[pagePath] = entry
  console.log(pagePath, JSON.stringify(entry))
}
writeFileSync(path.join(outDir, 'summary.json'), JSON.stringify(results, null, 2))

if (!args['skip-lighthouse']) {
  const rows = Object.entries(results.pages).map(([pagePath, entry]) => {
    const lh = entry.lighthouseMobile
    const over = [lh.firstLoadJs.gzipKiB > BUDGET.jsKiB && `JS > ${BUDGET.jsKiB} KiB`, lh.tbtMs > BUDGET.tbtMs && `TBT > ${BUDGET.tbtMs} ms`].filter(Boolean)
    return [pagePath, lh.median.performance, lh.median.accessibility, lh.median['best-practices'], lh.median.seo, lh.lcpMs, lh.tbtMs, lh.cls, lh.firstLoadJs.gzipKiB, over.length ? `over: ${over.join(', ')}` : 'within']
  })
  const head = ['page', 'Perf', 'A11y', 'BP', 'SEO', 'LCP ms', 'TBT ms', 'CLS', 'JS KiB gz', 'budget']
  const widths = head.map((title, i) => Math.max(title.length, ...rows.map((row) => String(row[i]).length)))
  const line = (cells) => cells.map((cell, i) => (i === 0 || i === cells.length - 1 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  ')
  console.log(`\nLighthouse mobile, median of ${runs} (budget: ${BUDGET.jsKiB} KiB of script, ${BUDGET.tbtMs} ms TBT):`)
  console.log(line(head))
  for (const row of rows) console.log(line(row))
}
if (args.trace) {
  for (const [pagePath, { trace }] of Object.entries(results.pages)) {
    console.log(`\n${pagePath} under 4× CPU (devtools throttling): FCP ${trace.fcpMs} ms, LCP ${trace.lcpMs} ms, TBT ${trace.tbtMs} ms; trace ${trace.traceFile}`)
    console.log(`  LCP element: ${trace.lcpElement ? `${trace.lcpElement.selector} ${trace.lcpElement.snippet} “${trace.lcpElement.text}”` : 'none found'}`)
    console.log(`  LCP phases (ms): ${Object.entries(trace.lcpPhases).map(([phase, ms]) => `${phase} ${ms}`).join(', ') || 'none'}`)
    console.log(`  long tasks after FCP: ${trace.longTasksAfterFcp.length ? '' : 'none'}`)
    for (const task of trace.longTasksAfterFcp) console.log(`    at ${task.startMs} ms, ${task.durationMs} ms: ${task.url}`)
    console.log('  script evaluation ≥ 20 ms:')
    for (const script of trace.scriptEvaluationMs) console.log(`    ${script.scriptingMs} ms (+${script.parseCompileMs} parse and compile): ${script.url}`)
  }
}
console.log(`written to ${path.join(outDir, 'summary.json')}`)
