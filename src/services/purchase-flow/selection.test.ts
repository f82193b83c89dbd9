// Unit tests of the URL's selection: parsing and writing it back.
import { describe, expect, it } from 'vitest'
import { initialPurchase, purchaseReducer } from './purchase-state'
import { chosenAddOns, clampSelection, parseSelection, selectionParams, type PickerCatalogue, type Selection } from './selection'

const catalogue: PickerCatalogue = {
  defaultPlan: 'vpn-1y',
  plans: [
    { id: 'vpn-1m', methods: ['card', 'paypal', 'bitcoin'], slots: { '1': 'slots-1-1m', '5': 'slots-5-1m', '10': 'slots-10-1m' }, servers: { unlimited: 'server-unlimited-1m', '1tb': 'server-1tb-1m' }, staticIp: 'static-ip-1m' },
    { id: 'vpn-1y', methods: ['card', 'paypal'], slots: { '1': 'slots-1-1y', '5': 'slots-5-1y', '10': 'slots-10-1y' }, servers: { unlimited: 'server-unlimited-1y' }, staticIp: 'static-ip-1y' },
    { id: 'vpn-lifetime', methods: ['card'], slots: { '5': 'slots-5-lifetime' }, servers: { '512gb': 'server-512gb-lifetime' }, staticIp: null },
  ],
  regions: ['de-frankfurt', 'br-sao-paulo', 'us-new-york'],
  ipRegions: ['de-frankfurt', 'us-new-york'],
}

const base: Selection = { plan: 'vpn-1y', slots: 0, server: null, region: null, ipRegion: null, bonus: null, method: null }
const parse = (query: string | Record<string, string | string[]>) => parseSelection(typeof query === 'string' ? new URLSearchParams(query) : query, catalogue)

describe('the picker URL, parsed and clamped (table)', () => {
  const table: [string, Partial<Selection>][] = [
    ['', {}],
    ['plan=vpn-1m', { plan: 'vpn-1m' }],
    ['plan=no-such-plan', {}],
    ['plan=VPN-1M', {}],
    ['plan=vpn-1m&slots=5', { plan: 'vpn-1m', slots: 5 }],
    ['slots=3', {}],
    ['slots=-1', {}],
    ['slots=5.0', {}],
    ['plan=vpn-lifetime&slots=1', { plan: 'vpn-lifetime' }],
    ['plan=vpn-lifetime&slots=5', { plan: 'vpn-lifetime', slots: 5 }],
    ['server=unlimited&region=br-sao-paulo', { server: 'unlimited', region: 'br-sao-paulo' }],
    ['server=unlimited', { server: 'unlimited', region: 'de-frankfurt' }],
    ['server=unlimited&region=xx-nowhere', { server: 'unlimited', region: 'de-frankfurt' }],
    ['server=1tb&region=de-frankfurt', {}],
    ['region=de-frankfurt', {}],
    ['ipRegion=de-frankfurt', { ipRegion: 'de-frankfurt' }],
    ['ipRegion=br-sao-paulo', {}],
    ['plan=vpn-lifetime&ipRegion=de-frankfurt', { plan: 'vpn-lifetime' }],
    ['server=unlimited&region=us-new-york&ipRegion=de-frankfurt', { server: 'unlimited', region: 'us-new-york' }],
    ['bonus=welcome10', { bonus: 'WELCOME10' }],
    ['bonus=no', {}],
    ['bonus=' + 'A'.repeat(41), {}],
    ['method=bitcoin', {}],
    ['plan=vpn-1m&method=bitcoin', { plan: 'vpn-1m', method: 'bitcoin' }],
    ['method=cash', {}],
    ['plan[]=vpn-1m&plan=vpn-1m', { plan: 'vpn-1m' }],
    ['plan=nope&plan=vpn-1m&plan=vpn-lifetime', { plan: 'vpn-1m' }],
    ['slots=7&slots=10', { slots: 10 }],
    ['plan=%00vpn-1m', {}],
    ['plan=vpn-1m%00', {}],
    ['plan=' + 'a'.repeat(101), {}],
    ['ipRegion=' + 'de-' + 'x'.repeat(200), {}],
  ]
  it.each(table)('?%s', (query, expected) => {
    expect(parse(query)).toEqual({ ...base, ...expected })
  })

  it('takes the first valid value of an array parameter (Next’s searchParams)', () => {
    expect(parse({ plan: ['x', 'vpn-lifetime'], slots: ['5', '10'] })).toEqual({ ...base, plan: 'vpn-lifetime', slots: 5 })
  })

  it('round-trips through the URL and names the chosen add-ons', () => {
    const chosen = parse('plan=vpn-1y&slots=5&ipRegion=de-frankfurt')
    expect(selectionParams(chosen).toString()).toBe('plan=vpn-1y&slots=5&ipRegion=de-frankfurt')
    expect(parse(selectionParams(chosen).toString())).toEqual(chosen)
    expect(chosenAddOns(chosen, catalogue)).toEqual(['slots-5-1y', 'static-ip-1y'])
    const server = parse('plan=vpn-1m&server=1tb&region=us-new-york&slots=10')
    expect(chosenAddOns(server, catalogue)).toEqual(['slots-10-1m', 'server-1tb-1m'])
  })

  it('drops the add-ons a new plan does not take', () => {
    const monthly = parse('plan=vpn-1m&slots=10&server=1tb&region=us-new-york')
    expect(clampSelection({ ...monthly, plan: 'vpn-lifetime' }, catalogue)).toEqual({ ...base, plan: 'vpn-lifetime' })
    expect(clampSelection({ ...monthly, plan: 'vpn-1y' }, catalogue)).toEqual({ ...base, slots: 10 })
  })
})

describe('the purchase state rules', () => {
  const filled = [
    { type: 'setPlan', plan: 'vpn-1y' },
    { type: 'setPaymentMethod', method: 'card' },
    { type: 'setSlotPlan', slotPlan: 'slots-5-1y' },
    { type: 'setRegion', region: 'de-frankfurt' },
    { type: 'setEmail', email: ' me@example.com ' },
    { type: 'setBonusCode', code: ' welcome10 ' },
  ] as const
  const state = filled.reduce(purchaseReducer, initialPurchase)

  it('starts empty, with marketing e-mails on', () => {
    expect(initialPurchase).toMatchObject({ plan: null, receiveMarketingEmails: true, isValidEmail: false })
    expect(state).toMatchObject({ plan: 'vpn-1y', email: 'me@example.com', isValidEmail: true, bonusCode: 'WELCOME10', region: 'de-frankfurt' })
  })

  it('clears plan, payment method, region, IP region and slot plan, and keeps the rest', () => {
    expect(purchaseReducer(state, { type: 'clear' })).toEqual({ ...state, plan: null, paymentMethod: null, region: null, ipRegion: null, slotPlan: null })
  })

  it('clears the IP region when a region is set, and the reverse', () => {
    const ip = purchaseReducer(state, { type: 'setIpRegion', ipRegion: 'us-new-york' })
    expect(ip).toMatchObject({ ipRegion: 'us-new-york', region: null })
    expect(purchaseReducer(ip, { type: 'setRegion', region: 'de-frankfurt' })).toMatchObject({ region: 'de-frankfurt', ipRegion: null })
    expect(purchaseReducer(ip, { type: 'setRegion', region: null })).toMatchObject({ region: null, ipRegion: 'us-new-york' })
  })

  it('checks the e-mail address as it is typed', () => {
    for (const [email, valid] of [['a@b.co', true], ['a@b', false], ['a b@c.de', false], ['', false]] as const) {
      expect(purchaseReducer(initialPurchase, { type: 'setEmail', email }).isValidEmail, email).toBe(valid)
    }
  })
})
