import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { locales } from '@/i18n/locales'
import { baseUrl, connectBrowser, newPage } from './browser'

const htmlAttributes = (html: string) => {
  const tag = /<html([^>]*)>/.exec(html)?.[1] ?? ''
  return { lang: /\slang="([^"]+)"/.exec(tag)?.[1], dir: /\sdir="([^"]+)"/.exec(tag)?.[1] }
}

describe('every locale home page', () => {
  for (const locale of locales) {
    const path = locale.code === 'en' ? '/' : `/${locale.code}`
    it(`${path} answers 200 with lang=${locale.tag} dir=${locale.dir}`, async () => {
      const response = await fetch(`${baseUrl()}${path}`, { redirect: 'manual' })
      expect(response.status).toBe(200)
      const html = await response.text()
      expect(htmlAttributes(html)).toEqual({ lang: locale.tag, dir: locale.dir })
    })
  }

  it('shows untranslated locales in English with the fallback alert and noindex', async () => {
    const html = await (await fetch(`${baseUrl()}/be`)).text()
    expect(html).toContain('data-fallback-alert')
    expect(html).toMatch(/<meta name="robots" content="noindex/)
    const translated = await (await fetch(`${baseUrl()}/de`)).text()
    expect(translated).not.toContain('data-fallback-alert')
    expect(translated).not.toMatch(/<meta name="robots" content="noindex/)
  })

  it('links hreflang alternates with BCP 47 tags', async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text()
    expect(html).toMatch(/<link rel="alternate" hrefLang="uk" href="[^"]*\/ua"/i)
    expect(html).toMatch(/<link rel="alternate" hrefLang="ja" href="[^"]*\/jp"/i)
    expect(html).toMatch(/<link rel="alternate" hrefLang="x-default"/i)
  })
})

describe('locale detection in the browser', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await connectBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('follows the browser language', async () => {
    const page = await newPage(browser, { locale: 'de-DE' })
    await page.goto('/')
    expect(new URL(page.url()).pathname).toBe('/de')
    expect(await page.getAttribute('html', 'lang')).toBe('de')
  })

  it('prefers the locale cookie over the browser language', async () => {
    const page = await newPage(browser, { locale: 'de-DE' })
    await page.context().addCookies([{ name: 'NEXT_LOCALE', value: 'fr', url: baseUrl() }])
    await page.goto('/')
    expect(new URL(page.url()).pathname).toBe('/fr')
  })

  it('stays in English for English browsers and maps uk to /ua', async () => {
    const english = await newPage(browser, { locale: 'en-GB' })
    await english.goto('/')
    expect(new URL(english.url()).pathname).toBe('/')
    const ukrainian = await newPage(browser, { locale: 'uk-UA' })
    await ukrainian.goto('/')
    expect(new URL(ukrainian.url()).pathname).toBe('/ua')
    expect(await ukrainian.getAttribute('html', 'lang')).toBe('uk')
  })

  it('remembers a language chosen in the toggle, English included', async () => {
    const page = await newPage(browser, { locale: 'de-DE', viewport: { width: 1280, height: 900 } })
    await page.goto('/')
    await page.getByRole('button', { name: /Sprache/ }).click()
    await page.getByRole('link', { name: 'Español' }).click()
    await page.waitForURL(/\/es$/)
    await page.goto('/')
    expect(new URL(page.url()).pathname).toBe('/es')
    await page.getByRole('button', { name: /Idioma/ }).click()
    await page.getByRole('link', { name: 'English' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    await page.goto('/')
    expect(new URL(page.url()).pathname).toBe('/')
    const cookie = (await page.context().cookies()).find((c) => c.name === 'NEXT_LOCALE')
    expect(cookie).toMatchObject({ value: 'en', sameSite: 'Lax', path: '/' })
  })
})
