import { chromium } from 'playwright-core'
import { mkdtempSync, writeFileSync } from 'node:fs'
const [url, out] = process.argv.slice(2)
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless=new', '--no-sandbox', '--disable-gpu'] })
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true })
const page = await ctx.newPage()
const cdp = await ctx.newCDPSession(page)
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
await browser.startTracing(page, { path: out, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'blink.user_timing', 'loading', 'toplevel', 'blink'] })
await page.goto(url, { waitUntil: 'load' })
await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'), null, { timeout: 30000 })
await page.waitForTimeout(1500)
await browser.stopTracing()
await browser.close()
