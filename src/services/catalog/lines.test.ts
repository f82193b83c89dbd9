// Unit tests of the add-on line builder.
import { describe, expect, it } from 'vitest'
import { orderLines, subscriptionAddOn, subscriptionAddOns } from './lines'
import type { QuoteLine } from './pricing'

const quoted: QuoteLine[] = [
  { id: 'vpn-1y', kind: 'plan', amount: 7188, renewalAmount: 7188 },
  { id: 'slots-5-yearly', kind: 'add-on', amount: 2999, renewalAmount: 2999 },
  { id: 'server-1tb-yearly', kind: 'add-on', amount: 9900, renewalAmount: 9900 },
  { id: 'static-ip-yearly', kind: 'add-on', amount: 5988, renewalAmount: 5988 },
]
const chosen = [
  { purchaseId: 'slots-5-yearly', kind: 'device-slots' as const, region: null },
  { purchaseId: 'server-1tb-yearly', kind: 'personal-server' as const, region: 'nl-amsterdam' },
  { purchaseId: 'static-ip-yearly', kind: 'static-ip' as const, region: 'de-frankfurt' },
]

describe('the add-on line builder', () => {
  it('turns a quote and the chosen add-ons into order lines that keep each add-on’s kind and location', () => {
    expect(orderLines(quoted, chosen)).toEqual([
      { purchaseId: 'vpn-1y', kind: 'plan', addOnKind: null, amount: 7188, renewalAmount: 7188, region: null },
      { purchaseId: 'slots-5-yearly', kind: 'add-on', addOnKind: 'device-slots', amount: 2999, renewalAmount: 2999, region: null },
      { purchaseId: 'server-1tb-yearly', kind: 'add-on', addOnKind: 'personal-server', amount: 9900, renewalAmount: 9900, region: 'nl-amsterdam' },
      { purchaseId: 'static-ip-yearly', kind: 'add-on', addOnKind: 'static-ip', amount: 5988, renewalAmount: 5988, region: 'de-frankfurt' },
    ])
  })

  it('refuses a priced add-on nobody chose', () => {
    expect(() => orderLines(quoted, chosen.slice(1))).toThrow(/slots-5-yearly/)
  })

  it('gives a subscription the add-ons of the order’s lines: a server’s location as region, a static IP’s as ipRegion', () => {
    expect(subscriptionAddOns(orderLines(quoted, chosen))).toEqual([
      { purchaseId: 'slots-5-yearly', kind: 'device-slots', region: null, ipRegion: null, renewalAmount: 2999 },
      { purchaseId: 'server-1tb-yearly', kind: 'personal-server', region: 'nl-amsterdam', ipRegion: null, renewalAmount: 9900 },
      { purchaseId: 'static-ip-yearly', kind: 'static-ip', region: null, ipRegion: 'de-frankfurt', renewalAmount: 5988 },
    ])
  })

  it('reads the kind from the line, never from the purchase id', () => {
    const odd = [{ purchaseId: 'server-named-oddly', kind: 'add-on' as const, addOnKind: 'static-ip' as const, region: 'us-east', renewalAmount: null }]
    expect(subscriptionAddOns(odd)).toEqual([{ purchaseId: 'server-named-oddly', kind: 'static-ip', region: null, ipRegion: 'us-east', renewalAmount: null }])
    expect(() => subscriptionAddOns([{ purchaseId: 'static-ip-yearly', kind: 'add-on' }])).toThrow(/no add-on kind/)
  })

  it('makes a given add-on that renews nothing and names no location', () => {
    expect(subscriptionAddOn({ purchaseId: 'slots-5-yearly', kind: 'device-slots', region: null })).toEqual({ purchaseId: 'slots-5-yearly', kind: 'device-slots', region: null, ipRegion: null, renewalAmount: null })
  })
})
