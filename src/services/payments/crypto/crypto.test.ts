// Unit tests of crypto payments: BTC amounts, invoice addresses, BTCPay's and CoinPayments' signatures and statuses.
import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { HttpError } from '@/lib/http'
import { bech32Valid, formatBtc, invoiceAddress, invoiceExpiry, missingSats, satsFor, segwitAddress } from './invoice'
import { btcpaySignature, btcpaySignatureValid, readBtcpayEvent, sandboxBtcpayEvent } from '@/services/payments/bitcoin/btcpay'
import { coinpaymentsOutcome, ipnSignature, ipnSignatureValid, readIpn, sandboxIpn, sandboxMerchant } from '@/services/payments/coinpayments/ipn'

const secret = 'crypto-test-secret-0123456789'
const at = new Date('2026-11-30T12:00:00Z')
const codeOf = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return error instanceof HttpError ? error.code : 'other'
  }
  return null
}

describe('BTC amounts', () => {
  it.each([
    // cents, dollars a coin, satoshis (rounded up: the buyer never pays less than the total)
    [7188, 60000, 119_800],
    [1299, 60000, 21_650],
    [1, 60000, 17], // 16.67 sats
    [100, 60000, 1667], // 1666.67
    [4999, 60000, 83_317], // 83316.67
    [6000000, 60000, 100_000_000], // exactly one coin
    [7188, 97_123.45, 74_009], // 74008.9…
    [0, 60000, 0],
  ])('%i cents at $%d → %i sats', (cents, price, sats) => {
    expect(satsFor(cents, price)).toBe(sats)
  })

  it('are written with 8 decimals', () => {
    expect(formatBtc(119_800)).toBe('0.00119800')
    expect(formatBtc(17)).toBe('0.00000017')
    expect(formatBtc(100_000_000)).toBe('1.00000000')
    expect(formatBtc(250_000_001)).toBe('2.50000001')
  })

  it('refuse what is not money', () => {
    expect(() => satsFor(1.5, 60000)).toThrow(RangeError)
    expect(() => satsFor(100, 0)).toThrow(RangeError)
    expect(() => satsFor(100, Number.NaN)).toThrow(RangeError)
  })

  it('tell what an underpaid invoice misses', () => {
    expect(missingSats({ amount: 119_800, received: 59_900 })).toBe(59_900)
    expect(missingSats({ amount: 119_800, received: 200_000 })).toBe(0)
  })

  it('last 30 minutes', () => {
    expect(invoiceExpiry(at).toISOString()).toBe('2026-11-30T12:30:00.000Z')
  })
})

describe('invoice addresses', () => {
  it('are bech32 segwit addresses (BIP 173 vectors)', () => {
    const program = Buffer.from('751e76e8199196d454941c45d1b3a323f1433bd6', 'hex')
    expect(segwitAddress('bc', program)).toBe('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')
    expect(segwitAddress('tb', program)).toBe('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')
    expect(bech32Valid('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(true)
    expect(bech32Valid('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBe(false)
  })

  it('are one per attempt, the same each time, and valid testnet addresses', () => {
    const first = invoiceAddress(secret, 'sbx_12_1')
    expect(first).toMatch(/^tb1q[02-9ac-hj-np-z]{38}$/)
    expect(bech32Valid(first)).toBe(true)
    expect(invoiceAddress(secret, 'sbx_12_1')).toBe(first)
    expect(invoiceAddress(secret, 'sbx_12_2')).not.toBe(first)
    expect(invoiceAddress('another-secret-0123456789', 'sbx_12_1')).not.toBe(first)
  })
})

describe('BTCPay deliveries', () => {
  const body = JSON.stringify(sandboxBtcpayEvent({ providerRef: 'sbx_12_1', state: 'settled', orderId: 12, attempt: 1, at }))
  const headers = (sig: string | null) => new Headers(sig === null ? {} : { 'BTCPay-Sig': sig })

  it('are signed sha256=<hex HMAC-SHA256 of the raw body>', () => {
    expect(btcpaySignature(secret, body)).toBe(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`)
    expect(btcpaySignatureValid(secret, body, btcpaySignature(secret, body))).toBe(true)
    expect(btcpaySignatureValid(secret, `${body} `, btcpaySignature(secret, body))).toBe(false)
    expect(btcpaySignatureValid('another-secret-0123456789', body, btcpaySignature(secret, body))).toBe(false)
    expect(btcpaySignatureValid(secret, body, null)).toBe(false)
    expect(btcpaySignatureValid(secret, body, 'sha256=00')).toBe(false)
  })

  it('are read in the intake’s terms, the delivery id as the event id', () => {
    const event = readBtcpayEvent(secret, body, headers(btcpaySignature(secret, body)))
    expect(event).toMatchObject({ provider: 'sandbox', source: 'bitcoin', type: 'InvoiceSettled', relevant: true, providerRef: 'sbx_12_1', attemptKey: 'order:12:attempt:1', outcome: 'succeeded' })
    expect(event.eventId).toBe(JSON.parse(body).deliveryId)
    // The same state reported again is the same delivery; another state another.
    expect(sandboxBtcpayEvent({ providerRef: 'sbx_12_1', state: 'settled', orderId: 12, attempt: 1, at: new Date() }).deliveryId).toBe(event.eventId)
    expect(sandboxBtcpayEvent({ providerRef: 'sbx_12_1', state: 'seen', orderId: 12, attempt: 1, at }).deliveryId).not.toBe(event.eventId)
  })

  it.each([
    ['seen', 'InvoiceReceivedPayment', 'processing'],
    ['underpaid', 'InvoiceInvalid', 'failed'],
    ['expired', 'InvoiceExpired', 'expired'],
  ] as const)('%s is %s: %s', (state, type, outcome) => {
    const raw = JSON.stringify(sandboxBtcpayEvent({ providerRef: 'sbx_12_1', state, orderId: 12, attempt: 1, at }))
    expect(readBtcpayEvent(secret, raw, headers(btcpaySignature(secret, raw)))).toMatchObject({ type, outcome, relevant: true })
  })

  it('take other events in without acting, and refuse bad signatures and shapes', () => {
    const created = JSON.stringify({ deliveryId: 'd1', type: 'InvoiceCreated', invoiceId: 'sbx_12_1' })
    expect(readBtcpayEvent(secret, created, headers(btcpaySignature(secret, created)))).toMatchObject({ relevant: false, outcome: null })
    expect(codeOf(() => readBtcpayEvent(secret, body, headers(null)))).toBe('INVALID_SIGNATURE')
    expect(codeOf(() => readBtcpayEvent(secret, body, headers(btcpaySignature('another-secret-0123456789', body))))).toBe('INVALID_SIGNATURE')
    for (const raw of ['not json', '{}', JSON.stringify({ deliveryId: '', type: 'InvoiceSettled', invoiceId: 'x' })]) {
      expect(codeOf(() => readBtcpayEvent(secret, raw, headers(btcpaySignature(secret, raw))))).toBe('INVALID_INPUT')
    }
  })
})

describe('CoinPayments IPNs', () => {
  const merchant = sandboxMerchant(secret)
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
  const ipn = (state: Parameters<typeof sandboxIpn>[0]['state'], received = 119_800) => form(sandboxIpn({ providerRef: 'sbx_12_1', state, merchant, orderId: 12, attempt: 1, amount: 119_800, received }))
  const headers = (sig: string | null) => new Headers(sig === null ? {} : { HMAC: sig })

  it('are signed with the hex HMAC-SHA512 of the raw body', () => {
    const raw = ipn('settled')
    expect(ipnSignature(secret, raw)).toBe(createHmac('sha512', secret).update(raw).digest('hex'))
    expect(ipnSignatureValid(secret, raw, ipnSignature(secret, raw))).toBe(true)
    expect(ipnSignatureValid(secret, raw, ipnSignature(secret, raw).toUpperCase())).toBe(true)
    expect(ipnSignatureValid(secret, `${raw}&x=1`, ipnSignature(secret, raw))).toBe(false)
    expect(ipnSignatureValid(secret, raw, null)).toBe(false)
    expect(codeOf(() => readIpn(secret, raw, headers('0'.repeat(128))))).toBe('INVALID_SIGNATURE')
    expect(codeOf(() => readIpn(secret, raw, headers(null)))).toBe('INVALID_SIGNATURE')
  })

  it.each([
    // status, amount2, received, outcome
    [100, 1, 1, 'succeeded'],
    [101, 1, 1, 'succeeded'],
    [2, 1, 1, 'succeeded'],
    [1, 1, 1, 'processing'],
    [0, 1, 0, null],
    [-1, 1, 0.5, 'failed'],
    [-1, 1, 0, 'expired'],
    [-1, 1, 1, 'expired'],
    [-2, 1, 1, null],
  ] as const)('status %i (amount2 %d, received %d) is %s', (status, amount2, received, outcome) => {
    expect(coinpaymentsOutcome(status, amount2, received)).toBe(outcome)
  })

  it('are read in the intake’s terms, the ipn_id as the event id and the custom field as our key', () => {
    const raw = ipn('settled')
    expect(readIpn(secret, raw, headers(ipnSignature(secret, raw)))).toMatchObject({
      provider: 'sandbox',
      source: 'coinpayments',
      eventId: new URLSearchParams(raw).get('ipn_id'),
      relevant: true,
      providerRef: 'sbx_12_1',
      attemptKey: 'order:12:attempt:1',
      outcome: 'succeeded',
    })
    const short = ipn('underpaid', 59_900)
    expect(readIpn(secret, short, headers(ipnSignature(secret, short))).outcome).toBe('failed')
    const lapsed = ipn('expired', 0)
    expect(readIpn(secret, lapsed, headers(ipnSignature(secret, lapsed))).outcome).toBe('expired')
  })

  it('refuse another merchant and malformed forms', () => {
    const other = form({ ...Object.fromEntries(new URLSearchParams(ipn('settled'))), merchant: 'f'.repeat(32) })
    expect(codeOf(() => readIpn(secret, other, headers(ipnSignature(secret, other))))).toBe('INVALID_INPUT')
    for (const raw of ['', 'status=100', `${ipn('settled')}&status=1`, ipn('settled').replace('ipn_mode=hmac', 'ipn_mode=httpauth'), ipn('settled').replace(/amount2=[^&]+/, 'amount2=lots')]) {
      expect(codeOf(() => readIpn(secret, raw, headers(ipnSignature(secret, raw))))).toBe('INVALID_INPUT')
    }
  })
})
