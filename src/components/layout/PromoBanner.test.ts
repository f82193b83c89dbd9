import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { PromoBanner } from './PromoBanner'

const render = (name: 'rewards' | 'rewardsMini' | 'coin' | 'coinMini') =>
  renderToStaticMarkup(createElement(PromoBanner, { banner: { name, text: `${name} text`, linkLabel: 'Learn more', href: '/de/ks-coin' }, label: 'Veilgate Coin' }))

describe('PromoBanner', () => {
  it.each([
    ['rewards', 'rewards', 'min-h-20'],
    ['rewardsMini', 'rewards-mini', 'min-h-9'],
    ['coin', 'coin', 'min-h-20'],
    ['coinMini', 'coin-mini', 'min-h-9'],
  ] as const)('renders %s as a labelled region marked data-banner="%s" with a reserved height', (name, root, height) => {
    const html = renderToStaticMarkup(createElement('div', null, createElement(PromoBanner, { banner: { name, text: `${name} text`, linkLabel: 'Learn more', href: '/de/ks-coin' }, label: 'Veilgate Coin' })))
    expect(html).toMatch(new RegExp(`^<div><section aria-label="Veilgate Coin" data-banner="${root}" class="[^"]*${height}`))
    expect(html).toContain(`${name} text`)
    expect(html).toMatch(/<a [^>]*href="\/de\/ks-coin"[^>]*>Learn more<\/a>/)
  })

  it('escapes what editors type', () => {
    expect(renderToStaticMarkup(createElement(PromoBanner, { banner: { name: 'coin', text: '<b>x</b>', linkLabel: 'Go', href: '/ks-coin' }, label: 'L' }))).toContain('&lt;b&gt;x&lt;/b&gt;')
  })

  it('keeps the full and mini layouts apart', () => {
    expect(render('coin')).toContain('rounded-full')
    expect(render('coinMini')).not.toContain('rounded-full')
  })
})
