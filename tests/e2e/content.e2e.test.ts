import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { root } from '../support/test-db'
import { axeViolations, baseUrl, connectBrowser, newPage } from './browser'

const seedPaths = (folder: string, key: 'path' | 'slug') =>
  readdirSync(path.join(root, 'src/seed/content', folder))
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(path.join(root, 'src/seed/content', folder, file), 'utf8'))[key] as string)

const pages = seedPaths('pages', 'path')
const posts = seedPaths('posts', 'slug').map((slug) => `/blog/${slug}`)
const help = seedPaths('help', 'path')
const html = async (url: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${baseUrl()}${url}`, { redirect: 'manual', headers })
  return { status: response.status, text: await response.text(), headers: response.headers }
}

describe('every content route', () => {
  it('answers 200 in English', async () => {
    const failures: string[] = []
    for (const url of [...pages, ...posts, ...help]) {
      const { status } = await html(url)
      if (status !== 200) failures.push(`${url} → ${status}`)
    }
    expect(failures).toEqual([])
    expect(pages.length + posts.length + help.length).toBeGreaterThan(90)
  })

  it('answers 200 in sampled locales with the right lang and dir', async () => {
    const sample = ['/extras', '/extras/personal-static-ip', '/blog', posts[0]!, '/help/manuals/wireguard/windows', '/downloads/windows', '/brand/get-vpn']
    for (const [code, lang, dir] of [
      ['fa', 'fa', 'rtl'],
      ['jp', 'ja', 'ltr'],
      ['ua', 'uk', 'ltr'],
    ]) {
      for (const url of sample) {
        const { status, text } = await html(`/${code}${url}`)
        expect(status, `/${code}${url}`).toBe(200)
        expect(text).toMatch(new RegExp(`<html lang="${lang}" dir="${dir}"`))
      }
    }
  })

  it('redirects platform pages to an existing download or manual page', async () => {
    const iphone = { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)' }
    const { status, headers } = await html('/downloads', iphone)
    expect(status).toBe(302)
    expect((await html(new URL(headers.get('location')!, baseUrl()).pathname)).status).toBe(200)
    const manual = await html('/help/manuals/IKEv2', { 'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4)' })
    expect((await html(new URL(manual.headers.get('location')!, baseUrl()).pathname)).status).toBe(200)
  })

  it('applies the display flags on content routes', async () => {
    expect((await html('/extras/personal-vpn-server')).text).not.toContain('<footer')
    const landing = (await html('/landings/vpn-for-travel')).text
    expect(landing).not.toContain('aria-label="Main navigation"')
    expect((await html('/help/manuals/wireguard/windows')).text).toContain('<footer')
  })
})

describe('SEO', () => {
  it('gives a translated page canonical, hreflang (uk, ja, x-default), Open Graph and Twitter tags', async () => {
    const { text } = await html('/de')
    expect(text).toMatch(/<link rel="canonical" href="[^"]+\/de"/)
    expect(text).toMatch(/hrefLang="uk"/i)
    expect(text).toMatch(/hrefLang="ja"/i)
    expect(text).toMatch(/hrefLang="x-default"/i)
    expect(text).not.toMatch(/hrefLang="(in|pk)"/i)
    expect(text).toMatch(/<meta property="og:title" content="[^"]+"/)
    expect(text).toMatch(/<meta property="og:locale" content="de"/)
    expect(text).toMatch(/<meta name="twitter:site" content="@veilgate"/)
    expect(text).not.toMatch(/name="robots" content="noindex/)
  })

  it('marks fallback pages noindex with the alert, and the hidden QA page noindex', async () => {
    const fallback = (await html('/fa/help/about-vpn')).text
    expect(fallback).toContain('data-fallback-alert')
    expect(fallback).toMatch(/name="robots" content="noindex/)
    expect(fallback).toMatch(/<div lang="en" dir="ltr"/)
    expect((await html('/exclusive-qa2-test-hidden')).text).toMatch(/name="robots" content="noindex/)
  })

  it('serves the seeded translations of a post and a manual as indexable pages in their language', async () => {
    const seeded = (folder: string, locale: string, file: string) =>
      JSON.parse(readFileSync(path.join(root, 'src/seed/content', folder, locale, `${file}.json`), 'utf8')) as { title: string }
    for (const [locale, tag] of [['de', 'de'], ['ar', 'ar'], ['jp', 'ja'], ['ru', 'ru']] as const) {
      for (const [url, folder, file] of [
        ['/blog/privacy-checklist-for-a-new-phone', 'posts', 'privacy-checklist-for-a-new-phone'],
        ['/help/manuals/wireguard/windows', 'help', 'manuals-wireguard-windows'],
      ] as const) {
        const { status, text } = await html(`/${locale}${url}`)
        expect(status, `/${locale}${url}`).toBe(200)
        expect(text, `/${locale}${url}`).not.toMatch(/name="robots" content="noindex/)
        expect(text).not.toContain('data-fallback-alert')
        expect(text).toMatch(new RegExp(`<html lang="${tag}"`))
        expect(text).toContain(seeded(folder, locale, file).title)
      }
    }
  })

  it('adds JSON-LD: Organization and WebSite on home, Article and BreadcrumbList on posts, FAQPage and Product on pricing pages', async () => {
    const types = (text: string) => [...text.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!)['@type'])
    expect(types((await html('/')).text)).toEqual(expect.arrayContaining(['Organization', 'WebSite', 'FAQPage']))
    expect(types((await html(posts[0]!)).text)).toEqual(expect.arrayContaining(['Article', 'BreadcrumbList']))
    expect(types((await html('/extras/personal-static-ip')).text)).toEqual(expect.arrayContaining(['Product', 'FAQPage']))
  })

  it('serves a sitemap with localized URLs and alternates, and robots.txt', async () => {
    const sitemap = (await html('/sitemap.xml')).text
    expect(sitemap).toContain(`${baseUrl()}/de</loc>`)
    expect(sitemap).toContain(`${baseUrl()}/ua</loc>`)
    expect(sitemap).toContain(`${baseUrl()}/help/manuals/wireguard/windows</loc>`)
    expect(sitemap).toMatch(/hreflang="uk"/)
    expect(sitemap).not.toContain('exclusive-qa2-test-hidden')
    expect((await html('/robots.txt')).text).toContain(`Sitemap: ${baseUrl()}/sitemap.xml`)
  })
})

describe('search and content pages in a real browser', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await connectBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('finds a manual from the search page in English and Russian', async () => {
    const page = await newPage(browser, { viewport: { width: 1280, height: 900 } })
    await page.goto('/search')
    await page.getByRole('searchbox').fill('WireGuard')
    await page.getByRole('searchbox').press('Enter')
    await page.waitForURL(/\?q=WireGuard/)
    expect(await page.locator('[data-search-hit="/help/manuals/wireguard/windows"]').count()).toBe(1)
    expect(await page.locator('mark').count()).toBeGreaterThan(0)
    await page.goto('/ru/search?q=wireguard')
    expect(await page.locator('[data-search-hit^="/help/manuals/wireguard"]').count()).toBeGreaterThan(0)
  })

  for (const url of ['/blog', posts[0]!, '/help/manuals/open-vpn/linux', '/extras/personal-static-ip', '/ar/extras', '/search?q=vpn', '/affiliate-program']) {
    it(`${url} has no accessibility violations`, async () => {
      const page = await newPage(browser, { viewport: { width: 1280, height: 900 } })
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      await page.goto(url)
      const violations = await axeViolations(page)
      expect(violations, JSON.stringify(violations, null, 2)).toEqual([])
      expect(errors).toEqual([])
    })
  }
})
