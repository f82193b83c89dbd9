// The connection test on the running site, as a visitor runs it. First in the run's ordinary
// Chromium (whose lookups of the test zone go nowhere, as on a network where the zone is not
// delegated): every locale renders it, it reaches 100 % and explains each row, axe finds nothing.
// Then for real, offline: a Chromium whose DNS-over-HTTPS goes to a test shim that forwards each
// lookup to the site's own name server from a chosen loopback address (127.0.0.3 the visitor's
// provider, 127.0.0.2 our resolver), single-stack names mapped to 127.0.0.1 and ::1, and a STUN
// server that reports a foreign address or echoes (`../shared/guide/CONNECTION-TEST-NOTES.md` §1.2).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import ar from '../../messages/ar.json'
import { startDohShim } from '../support/doh-shim.mjs'
import { startTestStun } from '../support/stun.mjs'
import { axeViolations, baseUrl, CHROMIUM_ARGS, CHROMIUM_PATH, connectBrowser, newPage, watchViolations } from './browser'

type Resolver = { ip: string; label: string }

let browser: Browser
let stun: Awaited<ReturnType<typeof startTestStun>>

beforeAll(async () => {
  browser = await connectBrowser()
  stun = await startTestStun(inject('testStunPort'))
})

afterAll(async () => {
  await browser?.close()
  await stun?.stop()
})

/** Starts the test as a person does (the button, by keyboard) and waits for its verdict. */
async function runTest(page: Page) {
  const start = page.locator('[data-connection-test] button').first()
  await start.focus()
  await page.keyboard.press('Enter')
  await page.locator('[data-connection-test][data-status]').waitFor({ timeout: 30_000 })
  const progress = page.getByRole('progressbar')
  expect(await progress.getAttribute('aria-valuenow')).toBe('100')
  expect(await page.locator('[data-connection-test] [data-percent]').innerText()).toBe('100 %')
}

const row = (page: Page, name: string) => page.locator(`[data-connection-test] tr[data-row="${name}"]`)
/** The panel's polite status region, which announces each change. */
const announcement = (page: Page) => page.locator('[data-connection-test] [data-announcement]')

describe('the connection test page', () => {
  it('is rendered on the server in every locale, with the button and the rows not tested yet', async () => {
    const pages: [string, string, string, string][] = [
      ['/connection-test', 'en', 'ltr', 'Start test'],
      ['/de/connection-test', 'de', 'ltr', 'Test starten'],
      ['/ar/connection-test', 'ar', 'rtl', 'ابدأ الاختبار'],
      ['/fi/connection-test', 'fi', 'ltr', 'Aloita testi'],
    ]
    for (const [path, lang, dir, start] of pages) {
      const response = await fetch(`${baseUrl()}${path}`)
      expect(response.status, path).toBe(200)
      const html = await response.text()
      expect(html, path).toContain(`<html lang="${lang}" dir="${dir}"`)
      expect(html, path).toMatch(new RegExp(`<main[\\s\\S]*<button type="button"[^>]*>${start}</button>`))
      expect(html, path).toContain('data-geoip-attribution')
      const policy = response.headers.get('content-security-policy') ?? ''
      expect(policy, path).toMatch(/connect-src 'self' http:\/\/v4\.leak\.test:\d+ http:\/\/v6\.leak\.test:\d+ http:\/\/\*\.leak\.test:\*/)
    }
    const html = await (await fetch(`${baseUrl()}/connection-test`)).text()
    expect(html.match(/Not tested yet/g)?.length).toBeGreaterThanOrEqual(5)
  })

  it('is linked from the help centre and the download pages', async () => {
    for (const path of ['/help', '/downloads/windows']) {
      const html = await (await fetch(`${baseUrl()}${path}`)).text()
      expect(html, path).toMatch(/<a [^>]*href="\/connection-test"/)
    }
  })

  it('reaches 100 % where the test zone is not delegated, explains each row, and contacts no third party', async () => {
    const pages: [string, string][] = [
      ['/connection-test', 'No resolver reached our name server'],
      ['/de/connection-test', 'Kein Resolver hat unseren Nameserver erreicht'],
      ['/ar/connection-test', 'لم يصل أي خادم DNS'],
    ]
    for (const [path, waitText] of pages) {
      const page = await newPage(browser)
      const violations = watchViolations(page)
      const hosts = new Set<string>()
      page.on('request', (request) => hosts.add(new URL(request.url()).hostname))
      await page.goto(path)
      await page.locator('section[data-cookie-notice] button').first().click()
      await page.locator('[data-connection-test][data-ready]').waitFor()
      expect(await axeViolations(page), `${path} before`).toEqual([])
      await runTest(page)
      // The address the site sees (this machine: loopback, a local network), and a verdict for every row.
      expect(['127.0.0.1', '::1']).toContain(await page.locator('[data-client-ip]').innerText())
      for (const name of ['ipv4', 'ipv6', 'webrtc', 'dns']) expect((await row(page, name).locator('[data-verdict]').innerText()).length, `${path} ${name}`).toBeGreaterThan(10)
      expect(await row(page, 'dns').getAttribute('data-dns-status')).toBe('unreached')
      expect(await row(page, 'dns').innerText()).toContain(waitText)
      // The focus moved to the overall result, which the live region announced too.
      expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-overall'))).toBe(true)
      expect(await announcement(page).innerText()).toMatch(/\S/)
      expect(await axeViolations(page), `${path} after`).toEqual([])
      expect(violations, path).toEqual([])
      expect(
        [...hosts].filter((host) => host !== 'localhost' && !host.endsWith('.leak.test')),
        path,
      ).toEqual([])
      await page.context().close()
    }
  })
})

describe('the connection test against our own servers, offline', () => {
  let shim: Awaited<ReturnType<typeof startDohShim>>
  let profile: string
  let context: BrowserContext
  let page: Page
  const site = () => `http://127.0.0.1:${new URL(baseUrl()).port}`
  /** The link the no-leak run was shared by. */
  let sharedUrl = ''

  beforeAll(async () => {
    shim = await startDohShim({ dnsPort: inject('dnsPort'), from: '127.0.0.3' })
    profile = mkdtempSync(path.join(os.tmpdir(), 'veilgate-chromium-'))
    // Chromium reads its DNS-over-HTTPS settings from the profile's Local State when it starts.
    writeFileSync(path.join(profile, 'Local State'), JSON.stringify({ dns_over_https: { mode: 'secure', templates: shim.template } }))
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, `--ignore-certificate-errors-spki-list=${shim.spki}`, '--host-resolver-rules=MAP v4.leak.test 127.0.0.1, MAP v6.leak.test [::1]'],
    })
    page = context.pages()[0] ?? (await context.newPage())
  })

  afterAll(async () => {
    await context?.close()
    await shim?.stop()
    if (profile) rmSync(profile, { recursive: true, force: true })
  })

  /** Runs the test and returns its id, from the page's own request. */
  async function runAndCatchId(): Promise<string> {
    const created = page.waitForResponse((response) => response.url().endsWith('/api/connection-test/') && response.request().method() === 'POST')
    await runTest(page)
    return ((await (await created).json()) as { id: string }).id
  }

  const resolversOf = async (id: string) => ((await (await fetch(`${site()}/api/connection-test/${id}/`)).json()) as { resolvers: Resolver[] }).resolvers

  it('finds a DNS leak through the provider and a WebRTC leak, and names our exits on IPv4 and IPv6', async () => {
    stun.report('203.0.113.7')
    await page.goto(`${site()}/connection-test`)
    await page.locator('section[data-cookie-notice] button').first().click()
    await page.locator('[data-connection-test][data-ready]').waitFor()
    const id = await runAndCatchId()

    expect(await page.locator('[data-client-ip]').innerText()).toBe('127.0.0.1')
    expect(await row(page, 'ipv4').locator('[data-found]').innerText()).toContain('127.0.0.1')
    expect(await row(page, 'ipv6').locator('[data-found]').innerText()).toContain('::1')
    expect(await row(page, 'ipv4').getAttribute('data-leak')).toBeNull()
    expect(await row(page, 'ipv6').getAttribute('data-leak')).toBeNull()

    expect(await row(page, 'webrtc').locator('[data-found]').innerText()).toContain('203.0.113.7')
    expect(await row(page, 'webrtc').getAttribute('data-leak')).toBe('')

    const dns = row(page, 'dns')
    expect(await dns.getAttribute('data-dns-status')).toBe('leak')
    expect(await dns.locator('[data-resolver]').evaluateAll((items) => items.map((item) => [item.getAttribute('data-resolver'), item.getAttribute('data-label')]))).toEqual([['127.0.0.3', 'provider']])
    expect(await dns.innerText()).toContain('Your provider')
    expect(await page.locator('[data-connection-test]').getAttribute('data-status')).toBe('leak')
    expect(await page.locator('[data-overall]').innerText()).toContain('You are connected to Veilgate, but something leaks.')

    expect(await resolversOf(id)).toMatchObject([{ ip: '127.0.0.3', label: 'provider' }])

    // Kept as "before connecting", only when asked, in this browser.
    expect(await page.evaluate(() => window.localStorage.getItem('veilgate:connection-test:before'))).toBeNull()
    await page.getByRole('button', { name: 'Save as before connecting' }).focus()
    await page.keyboard.press('Enter')
    await page.locator('[data-before]').getByText(/^Saved as before connecting \(.+\)\. Connect the VPN/).waitFor()
    expect(await announcement(page).innerText()).toMatch(/^Saved as before connecting/)
    expect(await page.getByRole('button', { name: 'Save as before connecting' }).count()).toBe(0)
    expect(await page.evaluate(() => JSON.parse(window.localStorage.getItem('veilgate:connection-test:before') ?? '{}').state?.testResult?.status)).toBe('leak')
  })

  it('finds nothing when our resolver asks and STUN shows the exit address', async () => {
    stun.report(null)
    shim.from('127.0.0.2')
    const id = await runAndCatchId()

    expect(await row(page, 'webrtc').getAttribute('data-leak')).toBeNull()
    expect(await row(page, 'webrtc').locator('[data-found]').innerText()).toContain('127.0.0.1')
    const dns = row(page, 'dns')
    expect(await dns.getAttribute('data-dns-status')).toBe('ok')
    expect(await dns.locator('[data-resolver]').evaluateAll((items) => items.map((item) => [item.getAttribute('data-resolver'), item.getAttribute('data-label')]))).toEqual([['127.0.0.2', 'ours']])
    expect(await page.locator('[data-connection-test]').getAttribute('data-status')).toBe('protected')
    expect(await page.locator('[data-overall]').innerText()).toContain('You are connected to Veilgate and nothing leaks.')

    // Compared with the run kept before: DNS and WebRTC changed, in words; the addresses did not.
    const comparison = page.locator('[data-comparison]')
    expect(await comparison.getByRole('heading').innerText()).toMatch(/^Compared with before connecting \(.+\)$/)
    const line = (name: string) => comparison.locator(`[data-change="${name}"]`)
    expect(await line('ipv4').innerText()).toBe('IPv4: unchanged')
    expect(await line('ipv6').innerText()).toBe('IPv6: unchanged')
    expect(await line('dns').innerText()).toBe('DNS: 1 of your provider → 1 of ours: now protected')
    expect(await line('webrtc').innerText()).toMatch(/^WebRTC: .*203\.0\.113\.7.* → 127\.0\.0\.1: now protected$/)
    expect(await line('dns').getAttribute('data-changed')).toBe('')
    expect(await line('ipv4').getAttribute('data-changed')).toBeNull()
    expect(await announcement(page).innerText()).toContain('Compared with before connecting')
    expect(await axeViolations(page)).toEqual([])

    // Each id lists only the lookups of its own probes.
    expect(await resolversOf(id)).toMatchObject([{ ip: '127.0.0.2', label: 'ours' }])

    // "Copy as text": the summary on the clipboard, "Copied" announced beside the button.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site() })
    await page.getByRole('button', { name: 'Copy as text' }).click()
    await page.locator('[data-connection-test] [data-copy-status]').first().getByText('Copied').waitFor()
    const text = await page.evaluate(() => navigator.clipboard.readText())
    const lines = text.split('\n')
    expect(lines[0]).toMatch(/^Veilgate connection test, .+/)
    expect(lines[1]).toBe('You are connected to Veilgate and nothing leaks.')
    expect(lines).toContain('DNS: 127.0.0.2 – Only Veilgate\'s resolvers looked up the test names.')
    expect(lines.some((line) => line.startsWith('  127.0.0.2: Operated by: Veilgate'))).toBe(true)
    expect(lines.at(-1)).toBe(`${site()}/connection-test`)

    // Shared by link: told first who sees what, then a link that opens read-only elsewhere.
    const share = page.getByRole('button', { name: 'Share a link' })
    expect(await share.getAttribute('aria-describedby')).toBe('connection-test-share-warning')
    expect(await page.locator('#connection-test-share-warning').innerText()).toBe('Whoever opens the link sees the addresses in this result for 24 hours.')
    await share.click()
    const link = page.locator('[data-share-link]')
    await link.waitFor()
    const url = (await link.getAttribute('href'))!
    expect(url).toMatch(new RegExp(`^${baseUrl()}/connection-test#share=[A-Za-z0-9_-]{22}$`))
    expect(await announcement(page).innerText()).toMatch(/^Link to this result, valid until .+:$/)
    sharedUrl = url
    expect(await axeViolations(page)).toEqual([])

    // The comparison in German and Arabic (the kept result is this browser's, on every page; the
    // locale chosen last stays the visitor's, so the page stays in Arabic from here).
    for (const [locale, heading, dir] of [
      ['de', /^Verglichen mit vor dem Verbinden/, 'ltr'],
      ['ar', /\S/, 'rtl'],
    ] as const) {
      await page.goto(`${site()}/${locale}/connection-test`)
      await page.locator('[data-connection-test][data-ready]').waitFor()
      await runTest(page)
      const compared = page.locator('[data-comparison]')
      expect(await compared.getByRole('heading').innerText(), locale).toMatch(heading)
      expect(await compared.locator('[data-change="dns"]').getAttribute('data-changed'), locale).toBe('')
      expect(await page.locator('html').getAttribute('dir')).toBe(dir)
      expect(await axeViolations(page), locale).toEqual([])
    }

    // "Forget" removes what was kept; the comparison goes with it (here in Arabic, where the loop ended).
    await page.getByRole('button', { name: ar.ConnectionTest.forgetBefore, exact: true }).click()
    await comparison.waitFor({ state: 'detached' })
    expect(await announcement(page).innerText()).toBe(ar.ConnectionTest.forgotten)
    expect(await page.evaluate(() => window.localStorage.getItem('veilgate:connection-test:before'))).toBeNull()
  })

  it('opens a shared link read-only in another browser, in every language, with a way to run one’s own', async () => {
    expect(sharedUrl).not.toBe('')
    const id = new URL(sharedUrl).hash.replace('#share=', '')
    for (const [prefix, lang, dir] of [
      ['', 'en', 'ltr'],
      ['/de', 'de', 'ltr'],
      ['/ar', 'ar', 'rtl'],
    ] as const) {
      const page = await newPage(browser)
      const violations = watchViolations(page)
      await page.goto(`${prefix}/connection-test#share=${id}`)
      await page.locator('section[data-cookie-notice] button').first().click()
      await page.locator('[data-shared="shown"]').waitFor()
      expect(await page.locator('html').getAttribute('lang')).toBe(lang)
      expect(await page.locator('html').getAttribute('dir')).toBe(dir)
      expect(await page.locator('[data-connection-test]').getAttribute('data-status'), lang).toBe('protected')
      expect(await row(page, 'dns').locator('[data-resolver]').evaluateAll((items) => items.map((item) => [item.getAttribute('data-resolver'), item.getAttribute('data-label')]))).toEqual([['127.0.0.2', 'ours']])
      // Nothing of the visitor's own: no saving, copying or sharing of someone else's result.
      expect(await page.locator('[data-before], [data-summary], [data-share]').count()).toBe(0)
      expect(await axeViolations(page), lang).toEqual([])
      if (lang === 'en') {
        expect(await page.locator('[data-shared]').getByRole('heading').innerText()).toMatch(/^Shared result, tested .+/)
        expect(await page.locator('[data-shared]').innerText()).toContain('Someone shared this result with you. It shows their connection, not yours.')
        // "Run your own test" leaves the shared result, and its id leaves the address.
        const own = page.getByRole('button', { name: 'Run your own test' })
        await own.focus()
        await page.keyboard.press('Enter')
        await page.locator('[data-shared]').waitFor({ state: 'detached' })
        expect(new URL(page.url()).hash).toBe('')
        await page.locator('[data-connection-test][data-status]').waitFor({ timeout: 30_000 })
        await page.getByRole('button', { name: 'Test again' }).waitFor({ timeout: 30_000 })
      }
      expect(violations, lang).toEqual([])
      await page.context().close()
    }
  })

  it('says so for a link that is unknown, expired or malformed, and odd queries still answer 200', async () => {
    const cases: [string, string, string][] = [
      ['#share=AAAAAAAAAAAAAAAAAAAAAA', 'gone', 'This shared result does not exist or has expired. Shared results are kept for 24 hours.'],
      ['#share=not-a-share', 'malformed', 'This link does not lead to a shared result. Check that it was copied whole.'],
    ]
    for (const [hash, kind, message] of cases) {
      const page = await newPage(browser)
      await page.goto(`/connection-test${hash}`)
      await page.locator('section[data-cookie-notice] button').first().click()
      const shared = page.locator(`[data-shared="${kind}"]`)
      await shared.waitFor()
      expect(await shared.getByRole('status').innerText()).toBe(message)
      expect(await page.getByRole('button', { name: 'Run your own test' }).count()).toBe(1)
      expect(await axeViolations(page), kind).toEqual([])
      await page.context().close()
    }
    for (const query of ['?share=%00', '?id=%00', '?share=AAAAAAAAAAAAAAAAAAAAAA']) expect((await fetch(`${baseUrl()}/connection-test${query}`)).status, query).toBe(200)
  })
})
