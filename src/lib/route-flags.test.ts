import { describe, expect, it } from 'vitest'
import { pathFeatures, routeFlags, type RouteFlags } from './route-flags'

const all: RouteFlags = { footer: true, rewardsBanner: true, navigation: true, header: true, localeSwitcher: true }
const hidden = (...flags: (keyof RouteFlags)[]): RouteFlags => ({
  ...all,
  ...Object.fromEntries(flags.map((flag) => [flag, false])),
})

// Every rule of spec section 2, "Per-route display flags": path → what is hidden there.
const table: [string, RouteFlags][] = [
  ['/', all],
  ['/blog', all],
  ['/help', all],
  ['/downloads/windows', all],
  ['/order/pickup', hidden('footer', 'rewardsBanner')],
  ['/order/pickup-b', hidden('footer', 'rewardsBanner')],
  ['/order/pickup-c', hidden('footer', 'rewardsBanner')],
  ['/order/pickup-d', hidden('footer', 'rewardsBanner')],
  ['/order/pickup-e', hidden('footer', 'rewardsBanner', 'header')],
  ['/order/checkout', hidden('footer', 'rewardsBanner')],
  ['/amazon/payment', hidden('footer', 'rewardsBanner')],
  ['/team-lifetime', hidden('footer', 'rewardsBanner', 'header')],
  ['/discount-50', hidden('footer', 'header')],
  ['/discount-50-lifetime', hidden('footer', 'header')],
  ['/lifetime', hidden('footer')],
  ['/lifetime-slots-sale', hidden('footer', 'header')],
  ['/lifetime-special-offer', hidden('footer', 'rewardsBanner')],
  ['/extras', hidden('footer')],
  ['/extras/personal-vpn-server', hidden('footer')],
  ['/extras/vpn-for-business', hidden('footer', 'rewardsBanner')],
  ['/thank_you', hidden('footer')],
  ['/landings/spring-sale', hidden('footer', 'rewardsBanner', 'navigation')],
  ['/brand/get-vpn', hidden('footer', 'rewardsBanner', 'navigation')],
  ['/ks-coin', hidden('footer', 'rewardsBanner')],
  ['/download-success', hidden('rewardsBanner')],
  ['/12plus3', hidden('rewardsBanner')],
  ['/others/ad-blocker', hidden('rewardsBanner', 'navigation')],
  ['/help/cybersecurity/phishing', hidden('rewardsBanner')],
  ['/help/others/faq', hidden('navigation')],
  ['/palianytsia', hidden('localeSwitcher')],
  ['/welcome_ex', hidden('header')],
  ['/to-premium', hidden('header')],
  ['/uninstall_ex', hidden('header')],
  ['/uninstall_win', hidden('header')],
  ['/vpn-for-friends', hidden('header')],
  ['/docs-data-usage-regulations', hidden('header')],
  ['/seven-days-trial', hidden('header')],
  // Prefix rules match whole segments only.
  ['/brandnew', all],
  ['/landingsx', all],
  ['/order/pickup-f', all],
]

describe('routeFlags', () => {
  for (const [path, expected] of table) {
    it(`${path} without a locale prefix`, () => expect(routeFlags(path)).toEqual(expected))
    it(`${path} with the de prefix`, () => expect(routeFlags(`/de${path === '/' ? '' : path}`)).toEqual(expected))
    it(`${path} with the ua prefix`, () => expect(routeFlags(`/ua${path === '/' ? '' : path}`)).toEqual(expected))
  }

  it('ignores trailing slashes, query strings and letter case', () => {
    expect(routeFlags('/Landings/Spring/')).toEqual(hidden('footer', 'rewardsBanner', 'navigation'))
    expect(routeFlags('/jp/team-lifetime?utm=1')).toEqual(hidden('footer', 'rewardsBanner', 'header'))
  })
})

describe('pathFeatures', () => {
  it('shows My account only on paths containing my-account or payment-success', () => {
    expect(pathFeatures('/').myAccountLink).toBe(false)
    expect(pathFeatures('/my-account').myAccountLink).toBe(true)
    expect(pathFeatures('/de/my-account/settings').myAccountLink).toBe(true)
    expect(pathFeatures('/payment-success').myAccountLink).toBe(true)
  })
  it('hides the Downloads item on paths containing macos-vpn-free', () => {
    expect(pathFeatures('/landings/macos-vpn-free').downloadsItem).toBe(false)
    expect(pathFeatures('/downloads/macos').downloadsItem).toBe(true)
  })
  it('hides the platform strip on paths containing trial', () => {
    expect(pathFeatures('/seven-days-trial').platformStrip).toBe(false)
    expect(pathFeatures('/fr/free-trial').platformStrip).toBe(false)
    expect(pathFeatures('/help').platformStrip).toBe(true)
  })
  it('does not link the logo home on thank_you, in any locale', () => {
    expect(pathFeatures('/thank_you').logoLinksHome).toBe(false)
    expect(pathFeatures('/ar/thank_you').logoLinksHome).toBe(false)
    expect(pathFeatures('/').logoLinksHome).toBe(true)
  })
})
