// Unit tests of site search: queries, snippets and languages.
import { describe, expect, it } from 'vitest'
import { searchConfig, snippetParts } from './search'

describe('search helpers', () => {
  it('uses the language configuration where PostgreSQL has one', () => {
    expect(searchConfig('ru')).toBe('russian')
    expect(searchConfig('de')).toBe('german')
    expect(searchConfig('jp')).toBe('simple')
  })
  it('splits marked headlines and falls back to marking the substring', () => {
    expect(snippetParts('Use [[[WireGuard]]] on <Windows>', 'wireguard')).toEqual([
      { text: 'Use ', match: false },
      { text: 'WireGuard', match: true },
      { text: ' on <Windows>', match: false },
    ])
    expect(snippetParts('设置 VPN 连接', 'vpn')).toEqual([
      { text: '设置 ', match: false },
      { text: 'VPN', match: true },
      { text: ' 连接', match: false },
    ])
  })
})
