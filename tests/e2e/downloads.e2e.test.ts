// The download pages in Chromium: each desktop release with its version, size and SHA-256 in the
// server HTML (en, de, ar), the downloaded file hashing to what the page says, the hash copied by
// keyboard with "Copied" announced, and a release uploaded through the admin API showing its
// computed hash at once.
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, baseUrl, connectBrowser, newPage, watchViolations } from './browser'
import { adminToken, outboxText } from './customers'

type Release = { platform: string; version: string; sha256: string; fileSize: number; url: string }

let browser: Browser
const stamp = Date.now()
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex')
const made: { release?: number; file?: number; previous?: number } = {}

const admin = async (path: string, init: RequestInit = {}) => fetch(`${baseUrl()}/cms-api${path}`, { ...init, headers: { authorization: `JWT ${await adminToken()}`, ...init.headers } })
const release = async (platform: string): Promise<Release> => (await (await fetch(`${baseUrl()}/api/veilgate/vpn-download/?platform=${platform}`)).json()) as Release

beforeAll(async () => {
  browser = await connectBrowser()
})

afterAll(async () => {
  if (made.release) await admin(`/app-releases/${made.release}`, { method: 'DELETE' })
  if (made.file) await admin(`/app-files/${made.file}`, { method: 'DELETE' })
  if (made.previous) await admin(`/app-releases/${made.previous}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ current: true }) })
  await browser?.close()
})

describe('the download pages', () => {
  it('show version, size and SHA-256 in their HTML, in every language, and the file served hashes to it', async () => {
    const windows = await release('windows')
    expect(windows.sha256).toMatch(/^[0-9a-f]{64}$/)
    for (const [path, size] of [
      ['/downloads/windows', />(\d+(\.\d)? kB|1 byte|\d+ bytes)</],
      ['/de/downloads/windows', /\d+(,\d)? (kB|Byte)/],
      ['/ar/downloads/windows', /kB|بايت|كيلوبايت/],
    ] as const) {
      const html = await (await fetch(`${baseUrl()}${path}`)).text()
      const card = html.slice(html.indexOf('data-platform="windows"'))
      expect(card, path).toContain(`>${windows.version}</dd>`)
      expect(card, path).toMatch(new RegExp(`<code id="sha256-vpn-windows" dir="ltr"[^>]*>${windows.sha256}</code>`))
      expect(card, path).toMatch(size)
      expect(card, path).toContain('certutil -hashfile veilgate-vpn-')
    }

    const page = await newPage(browser, { acceptDownloads: true })
    const violations = watchViolations(page)
    await page.goto('/ar/downloads/windows')
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl')
    await page.locator('section[data-cookie-notice] button').first().click()
    const card = page.locator('main [data-platform="windows"]')
    expect(await card.locator('code[data-sha256]').textContent()).toBe(windows.sha256)
    const [download] = await Promise.all([page.waitForEvent('download'), card.locator('a[data-download]').click()])
    const copy = path.join(mkdtempSync(path.join(tmpdir(), 'download-')), download.suggestedFilename())
    await download.saveAs(copy)
    const saved = readFileSync(copy)
    expect(sha256(saved)).toBe(windows.sha256)
    expect(saved.length).toBe(windows.fileSize)
    expect(await axeViolations(page)).toEqual([])
    expect(violations).toEqual([])
    await page.context().close()
  })

  it('copy the SHA-256 by keyboard and say so', async () => {
    const linux = await release('linux')
    const page = await newPage(browser, { locale: 'de-DE' })
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() })
    await page.goto('/de/downloads/linux')
    await page.locator('section[data-cookie-notice] button').first().click()
    const button = page.getByRole('button', { name: 'SHA-256 für Linux kopieren' })
    await button.waitFor({ state: 'visible' })
    await button.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => page.locator('main [data-platform="linux"] [role="status"]').textContent()).toBe('Kopiert')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(linux.sha256)
    expect(await page.locator('main [data-platform="linux"] [data-verify-command]').textContent()).toMatch(/^sha256sum veilgate-vpn-[\d.]+-linux(-\d+)?\.txt$/)
    expect(await axeViolations(page)).toEqual([])
    await page.context().close()
  })

  it('show a release uploaded in the admin with the hash computed from its file', async () => {
    made.previous = ((await (await admin(`/app-releases?where[product][equals]=vpn&where[platform][equals]=mac&where[current][equals]=true&depth=0`)).json()) as { docs: { id: number }[] }).docs[0]?.id
    const content = Buffer.from(`Veilgate for macOS, build ${stamp}\n`)
    const form = new FormData()
    form.append('file', new Blob([content], { type: 'application/octet-stream' }), `veilgate-vpn-6.0.${stamp % 1000}-mac.dmg`)
    form.append('_payload', JSON.stringify({}))
    const uploaded = await admin('/app-files', { method: 'POST', body: form })
    expect(uploaded.status).toBe(201)
    made.file = ((await uploaded.json()) as { doc: { id: number } }).doc.id
    const created = await admin('/app-releases', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ product: 'vpn', platform: 'mac', version: `6.0.${stamp % 1000}`, releaseDate: '2026-11-25', file: made.file, minOs: 'macOS 13+', changelog: 'A new build' }),
    })
    expect(created.status).toBe(201)
    made.release = ((await created.json()) as { doc: { id: number } }).doc.id

    const html = await (await fetch(`${baseUrl()}/downloads/mac`)).text()
    expect(html).toContain(`>${sha256(content)}</code>`)
    expect(html).toContain(`>6.0.${stamp % 1000}</dd>`)
    expect(html).toContain(`shasum -a 256 veilgate-vpn-6.0.${stamp % 1000}-mac`)
    expect((await release('mac')).sha256).toBe(sha256(content))
  })
})

describe('the VPN request forms', () => {
  it('answer 400 to an empty body and 201 to a full one, with the acknowledgement in the outbox', async () => {
    const send = (path: string, body: unknown) => fetch(`${baseUrl()}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    for (const [path, field] of [
      ['/api/veilgate/vpn/request-oem/', 'name'],
      ['/api/veilgate/vpn/send/', 'email'],
    ] as const) {
      const empty = await send(path, {})
      expect(empty.status, path).toBe(400)
      expect(await empty.json()).toMatchObject({ statusCode: 400, code: 'REQUIRED', field })
    }
    const email = `forms-${stamp}@example.com`
    const oem = await send('/api/veilgate/vpn/request-oem/', { name: 'Ada', email, company: 'Example Ltd', message: 'White-label for 200 seats', locale: 'en' })
    expect(oem.status).toBe(201)
    const config = await send('/api/veilgate/vpn/send/', { email, platform: 'windows', protocol: 'openvpn', countryCode: 'NL', locale: 'en' })
    expect(config.status).toBe(201)
    expect(await outboxText(email, 'oem-request-received')).toContain('reply within two working days')
    expect(await outboxText(email, 'config-request-received')).toContain('OpenVPN configuration for Windows')
    const stored = (await (await admin(`/enquiries?where[email][equals]=${encodeURIComponent(email)}`)).json()) as { docs: { kind: string }[] }
    expect(stored.docs.map((d) => d.kind).sort()).toEqual(['config', 'oem'])
  })
})
