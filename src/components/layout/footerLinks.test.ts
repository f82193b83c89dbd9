import { describe, expect, it } from 'vitest'
import { footerLinks } from './footerLinks'

const flat = (columns: ReturnType<typeof footerLinks>) => columns.flatMap((column) => column.links)

describe('footerLinks', () => {
  it('has the link columns with locale-prefixed internal links', () => {
    const columns = footerLinks('de')
    expect(columns.length).toBeGreaterThanOrEqual(5)
    expect(flat(columns).find((link) => link.key === 'windows')?.href).toBe('/de/downloads/windows')
  })
  it('hides English-only links outside English', () => {
    expect(flat(footerLinks('en')).some((link) => link.key === 'careers')).toBe(true)
    expect(flat(footerLinks('fr')).some((link) => link.key === 'careers')).toBe(false)
  })
  it('rewrites parent-company links to the proxy base', () => {
    const about = (proxy?: string) => flat(footerLinks('en', proxy)).find((link) => link.key === 'about')?.href
    expect(about()).toBe('https://veilgate.com/about-us')
    expect(about('https://mirror.example.net/')).toBe('https://mirror.example.net/about-us')
  })
})
