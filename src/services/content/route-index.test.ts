import { describe, expect, it } from 'vitest'
import { decodeChange, encodeChange, MAX_SIGNAL_BYTES } from '../../../scripts/lib/content-changes.mjs'
import { candidatePaths, RouteIndex } from './route-index'

const index = new RouteIndex(
  ['/', '/vpn', '/blog', '/blog/hello', '/help/setup/windows'],
  [
    { from: '/old-vpn', status: '301', target: '/vpn' },
    { from: '/promo', status: '302', target: 'https://example.com/promo' },
    { from: '/gone', status: '301', target: null },
  ],
)

describe('the route index', () => {
  it('answers a path, its locale-less form and its listing base, like the queries it replaces', () => {
    expect(index.has('/vpn')).toBe(true)
    expect(index.has('/vpn/')).toBe(true)
    expect(index.has('/de/vpn')).toBe(true)
    expect(index.has('/ar')).toBe(true)
    expect(index.has('/blog/page/3')).toBe(true)
    expect(index.has('/jp/blog/page/2')).toBe(true)
    expect(index.has('/blog/hello')).toBe(true)
    expect(index.has('/help/setup/windows')).toBe(true)
    expect(index.has('/vpnx')).toBe(false)
    expect(index.has('/xx/vpn')).toBe(false)
    expect(index.has('/blog/missing')).toBe(false)
    expect(index.has('/vpn/page/1')).toBe(false)
  })

  it('finds redirects by the same candidates, with their status; one without a target does not apply', () => {
    expect(index.redirect('/old-vpn')).toEqual({ target: '/vpn', status: 301 })
    expect(index.redirect('/de/old-vpn')).toEqual({ target: '/vpn', status: 301 })
    expect(index.redirect('/promo/')).toEqual({ target: 'https://example.com/promo', status: 302 })
    expect(index.redirect('/gone')).toBeNull()
    expect(index.redirect('/vpn')).toBeNull()
    expect(index.size).toBe(7)
  })

  it('lists the candidates in order: the path, without locale, and the listing base', () => {
    expect(candidatePaths('/de/blog/page/2/')).toEqual(['/de/blog/page/2', '/blog/page/2', '/de/blog', '/blog'])
  })
})

describe('the content-change signal', () => {
  it('carries unique content paths, or everything', () => {
    expect(JSON.parse(encodeChange({ paths: ['/vpn', '/vpn', undefined, 'relative', '/blog'] }))).toEqual({ paths: ['/vpn', '/blog'] })
    expect(JSON.parse(encodeChange({ all: true, paths: ['/vpn'] }))).toEqual({ all: true })
  })

  it('turns a list too long for NOTIFY into everything', () => {
    const paths = Array.from({ length: 800 }, (_, i) => `/landings/a-fairly-long-page-path-${i}`)
    const text = encodeChange({ paths })
    expect(Buffer.byteLength(text)).toBeLessThan(MAX_SIGNAL_BYTES)
    expect(decodeChange(text)).toEqual({ all: true, paths: [] })
  })

  it('reads anything unreadable as everything, never as nothing', () => {
    expect(decodeChange('{"paths":["/a",3]}')).toEqual({ all: false, paths: ['/a'] })
    expect(decodeChange('not json')).toEqual({ all: true, paths: [] })
    expect(decodeChange(undefined)).toEqual({ all: true, paths: [] })
    expect(decodeChange('{"other":1}')).toEqual({ all: true, paths: [] })
  })
})
