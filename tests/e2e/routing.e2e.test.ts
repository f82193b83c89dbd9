import { describe, expect, it } from 'vitest'
import { baseUrl } from './browser'

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl()}${path}`, { redirect: 'manual', headers })

describe('redirects', () => {
  it('/pricing answers 301 to /order/pickup, keeping the locale prefix and query', async () => {
    const plain = await get('/pricing?coupon=SPRING&x=1')
    expect(plain.status).toBe(301)
    expect(new URL(plain.headers.get('location')!, baseUrl()).pathname + new URL(plain.headers.get('location')!, baseUrl()).search).toBe(
      '/order/pickup?coupon=SPRING&x=1',
    )
    const german = await get('/de/pricing?coupon=SPRING')
    expect(german.status).toBe(301)
    const location = new URL(german.headers.get('location')!, baseUrl())
    expect(location.pathname + location.search).toBe('/de/order/pickup?coupon=SPRING')
  })

  it('platform pages answer 302 to the visitor platform', async () => {
    const cases: [string, string, string][] = [
      ['/downloads', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)', '/downloads/ios'],
      ['/downloads', 'Mozilla/5.0 (Linux; Android 14; Pixel 8)', '/downloads/android'],
      ['/fr/help/manuals/wireguard', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4)', '/fr/help/manuals/wireguard/mac'],
      ['/help/manuals/open-vpn', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)', '/help/manuals/open-vpn/windows'],
      ['/help/manuals/IKEv2', 'Mozilla/5.0 (X11; Linux x86_64)', '/help/manuals/IKEv2/linux'],
      ['/downloads', 'SomeBot/1.0', '/downloads/ios'],
    ]
    for (const [path, userAgent, target] of cases) {
      const response = await get(path, { 'user-agent': userAgent })
      expect(response.status, path).toBe(302)
      expect(new URL(response.headers.get('location')!, baseUrl()).pathname, `${path} for ${userAgent}`).toBe(target)
    }
  })

  it('/en/… switches to English and drops the prefix', async () => {
    const response = await get('/en/blog?page=2')
    expect(response.status).toBe(307)
    const location = new URL(response.headers.get('location')!, baseUrl())
    expect(location.pathname + location.search).toBe('/blog?page=2')
    expect(response.headers.get('set-cookie')).toMatch(/NEXT_LOCALE=en;.*SameSite=lax/i)
  })
})

describe('the 404 page', () => {
  it('answers 404 with the spec texts in English', async () => {
    const response = await get('/no-such-page-here')
    expect(response.status).toBe(404)
    const html = await response.text()
    expect(html).toContain('Oh, no! 404 happens.')
    expect(html).toContain('Go home')
    expect(html).toMatch(/<img[^>]+src="\/images\/404\.svg"/)
    expect(html).toMatch(/<html[^>]+lang="en"/)
  })

  it('answers 404 in every locale, in that language', async () => {
    for (const [code, lang, dir] of [
      ['de', 'de', 'ltr'],
      ['ar', 'ar', 'rtl'],
      ['jp', 'ja', 'ltr'],
      ['sk', 'sk', 'ltr'],
    ]) {
      const response = await get(`/${code}/no-such-page-here`)
      expect(response.status, code).toBe(404)
      const html = await response.text()
      expect(html).toMatch(new RegExp(`<html[^>]+lang="${lang}"[^>]+dir="${dir}"`))
      expect(html).toContain(`href="/${code}"`)
    }
    const german = await (await get('/de/nothing-here')).text()
    expect(german).not.toContain('Oh, no! 404 happens.')
  })
})
