import { describe, expect, it } from 'vitest'
import { isSiteOrigin } from './cors'

const settings = { SITE_URL: 'https://www.veilgate.com', LOCALE_DOMAINS: { 'veilgate.de': 'de', 'veilgate.fr:8443': 'fr' } }

describe('the site’s own origins', () => {
  it('are SITE_URL, the locale domains and loopback on any port', () => {
    for (const origin of [
      'https://www.veilgate.com',
      'https://veilgate.de',
      'http://veilgate.de',
      'https://veilgate.fr:8443',
      'http://localhost:3000',
      'http://127.0.0.1:4010',
      'http://[::1]:3000',
      'https://localhost',
    ]) {
      expect(isSiteOrigin(origin, settings), origin).toBe(true)
    }
  })

  it('are nothing else', () => {
    for (const origin of [
      'https://evil.example',
      'http://www.veilgate.com',
      'https://www.veilgate.com.evil.example',
      'https://sub.veilgate.de',
      'null',
      'file://',
      'https://www.veilgate.com/path',
      'ftp://localhost',
      'http://127.0.0.2:3000',
    ]) {
      expect(isSiteOrigin(origin, settings), origin).toBe(false)
    }
  })
})
