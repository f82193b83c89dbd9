import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { GEOIP_ATTRIBUTION } from '@/services/geoip/attribution'
import { GeoIpAttribution } from './GeoIpAttribution'

describe('GeoIpAttribution', () => {
  it('credits DB-IP with the link its licence words, NRO and RouteViews, under CC BY 4.0', () => {
    const html = renderToStaticMarkup(createElement(GeoIpAttribution, { label: 'Standortdaten:' }))
    expect(html).toMatch(/^<p [^>]*data-geoip-attribution="">Standortdaten: /)
    expect(html).toContain('<a href="https://db-ip.com" class="underline" lang="en">IP Geolocation by DB-IP</a>')
    expect(html).toContain('>NRO</a>')
    expect(html).toContain('>RouteViews</a>')
    expect(html).toContain('rel="license"')
    expect(GEOIP_ATTRIBUTION.sources.map((s) => s.name)).toEqual(['IP Geolocation by DB-IP', 'NRO', 'RouteViews'])
  })
})
