#!/usr/bin/env node
// What the browser's layout costs on each page, split into font look-ups and text shaping (a figure
// for the issue notes, never a test assertion). Lighthouse's TBT on pages with 5 KiB of script is
// mostly the first layout, and its run-to-run spread hides changes of 20-40 %; this measures the
// layout alone, from Chromium's own trace events, median of several loads in fresh contexts:
//   layout   every `Layout` task of the load (the first one, and the one when the web fonts arrive),
//   fonts    system font look-ups inside them (`FontCache::GetFontPlatformData`: a fallback face's
//            local() names, the system's fallback for a character no web font covers),
//   local()  of which the local() name matches (`MatchFontByPostscriptNameOrFullFontName`),
//   shaping  text shaping (`InlineNode::ShapeTextIncludingFirstLine`, font look-ups included).
// Usage: start the site (`npm start`), then
//   `npm run bench:layout [-- --url http://localhost:3000 --paths /,/blog/<slug> --locales en,ar,jp,ru --runs 5 --cpu 1 --fonts-late 1500]`.
// `--cpu 4` slows the page's CPU as Lighthouse's mobile profile does; `--fonts-late <ms>` holds every
// web font that long, as a slow network does, so the first layout runs on the fallback faces.
import { chromium } from 'playwright-core'
import { flags, list, localized, median, number, siteUrl } from './args.mjs'
import { browserFlags, ensureSystemFonts } from './system-fonts.mjs'

const args = flags()
const base = siteUrl(args)
const paths = list(args, 'paths', ['/'])
const locales = list(args, 'locales', ['en'])
const runs = number(args, 'runs', 5)
const cpu = number(args, 'cpu', 1)
const fontsLate = number(args, 'fonts-late', 0)
const chrome = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

/** The same viewport and pixel ratio as Lighthouse's mobile profile. */
const MOBILE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true }

/** One load in a fresh context: the milliseconds of each measure, from the trace. */
async function measure(browser, url) {
  const context = await browser.newContext(MOBILE)
  try {
    const page = await context.newPage()
    if (fontsLate) await page.route('**/*.woff2', async (route) => setTimeout(() => route.continue().catch(() => undefined), fontsLate))
    if (cpu > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpu })
    await browser.startTracing(page, { categories: ['devtools.timeline', 'fonts', 'blink'] })
    await page.goto(url, { waitUntil: 'load' })
    // The web fonts' swap comes after `load` when they are held: wait until every face has settled.
    await page.evaluate(() => document.fonts.ready)
    await page.waitForTimeout(500)
    const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents.filter((event) => event.ph === 'X')
    const layouts = events.filter((event) => event.name === 'Layout')
    const within = (name) =>
      layouts.reduce((sum, layout) => sum + events.filter((event) => event.name === name && event.pid === layout.pid && event.tid === layout.tid && event.ts >= layout.ts && event.ts + event.dur <= layout.ts + layout.dur).reduce((total, event) => total + event.dur, 0), 0) / 1000
    return {
      layout: layouts.reduce((sum, layout) => sum + layout.dur, 0) / 1000,
      count: layouts.length,
      fonts: within('FontCache::GetFontPlatformData'),
      local: within('WebSandboxSupportLinux::MatchFontByPostscriptNameOrFullFontName'),
      shaping: within('InlineNode::ShapeTextIncludingFirstLine'),
    }
  } finally {
    await context.close()
  }
}

ensureSystemFonts()
const browser = await chromium.launch({ executablePath: chrome, args: browserFlags(args) })
const rows = []
try {
  for (const pagePath of paths) {
    for (const locale of locales) {
      const url = `${base}${localized(locale, pagePath)}`
      const loads = []
      for (let run = 0; run < runs; run++) loads.push(await measure(browser, url))
      const row = { page: localized(locale, pagePath) }
      for (const key of ['layout', 'count', 'fonts', 'local', 'shaping']) row[key] = median(loads.map((load) => load[key]))
      rows.push(row)
    }
  }
} finally {
  await browser.close()
}

console.log(`Layout per load, median of ${runs} (CPU ${cpu}×${fontsLate ? `, web fonts held ${fontsLate} ms` : ''}), ms:`)
const width = Math.max(4, ...rows.map((row) => row.page.length))
console.log(`${'page'.padEnd(width)}  layout  layouts   fonts  local()  shaping`)
for (const row of rows) console.log(`${row.page.padEnd(width)}  ${row.layout.toFixed(1).padStart(6)}  ${String(row.count).padStart(7)}  ${row.fonts.toFixed(1).padStart(6)}  ${row.local.toFixed(1).padStart(7)}  ${row.shaping.toFixed(1).padStart(7)}`)
