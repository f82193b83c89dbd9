// A crypto invoice's numbers: its BTC amount, its address, how long it lasts. Pure.
import { createHmac } from 'node:crypto'

/** An invoice is payable this long after it was made (BTCPay's and CoinPayments' default). */
export const INVOICE_MINUTES = 30
/** Satoshis in one bitcoin. */
export const SATS_PER_BTC = 100_000_000

/** The crypto methods: paid on an invoice, never renewed by themselves. */
export const cryptoMethods = ['bitcoin', 'coinpayments'] as const
export type CryptoMethod = (typeof cryptoMethods)[number]
export const isCryptoMethod = (method: string | null | undefined): method is CryptoMethod => (cryptoMethods as readonly string[]).includes(method ?? '')

/** Where an invoice stands, as the processor tells it. */
export type InvoiceStatus = 'new' | 'seen' | 'settled' | 'underpaid' | 'expired'

/** What the site keeps of an invoice: amounts in satoshis, the time as ISO. */
export type InvoiceView = { status: InvoiceStatus; address: string; amount: number; received: number; expiresAt: string }

/** US cents in BTC at `btcUsd` dollars a coin, in satoshis, rounded up (the buyer never pays less than the total). */
export function satsFor(cents: number, btcUsd: number): number {
  if (!Number.isInteger(cents) || cents < 0) throw new RangeError(`not an amount in cents: ${cents}`)
  if (!(btcUsd > 0) || !Number.isFinite(btcUsd)) throw new RangeError(`not a BTC price: ${btcUsd}`)
  // cents / 100 dollars ÷ btcUsd × 10^8; the small tolerance absorbs binary fractions of exact quotients.
  const exact = (cents * 1_000_000) / btcUsd
  return Math.max(0, Math.ceil(exact - 1e-7))
}

/** Satoshis written as BTC with its 8 decimals ("0.00119800"). */
export function formatBtc(sats: number): string {
  const whole = Math.floor(sats / SATS_PER_BTC)
  return `${whole}.${String(sats - whole * SATS_PER_BTC).padStart(8, '0')}`
}

/** The missing part of an invoice paid short, in satoshis (0 when paid in full). */
export const missingSats = (invoice: Pick<InvoiceView, 'amount' | 'received'>) => Math.max(0, invoice.amount - invoice.received)

/** When an invoice made at `at` stops taking payments. */
export const invoiceExpiry = (at: Date) => new Date(at.getTime() + INVOICE_MINUTES * 60_000)

// Bech32 (BIP 173): the checksum over the human-readable part and the 5-bit data.
const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
const GENERATORS = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]

function polymod(values: number[]): number {
  let checksum = 1
  for (const value of values) {
    const top = checksum >>> 25
    checksum = ((checksum & 0x1ffffff) << 5) ^ value
    for (let bit = 0; bit < 5; bit++) if ((top >>> bit) & 1) checksum ^= GENERATORS[bit]!
  }
  return checksum
}

const expandPrefix = (prefix: string) => [...[...prefix].map((c) => c.charCodeAt(0) >> 5), 0, ...[...prefix].map((c) => c.charCodeAt(0) & 31)]

/** Bytes regrouped from 8 bits to 5, the last group padded with zeros. */
function toFiveBits(bytes: Uint8Array): number[] {
  const out: number[] = []
  let accumulator = 0
  let bits = 0
  for (const byte of bytes) {
    accumulator = (accumulator << 8) | byte
    bits += 8
    while (bits >= 5) {
      bits -= 5
      out.push((accumulator >>> bits) & 31)
    }
  }
  if (bits > 0) out.push((accumulator << (5 - bits)) & 31)
  return out
}

/** A segwit version 0 address (P2WPKH, 20 bytes) with its bech32 checksum. */
export function segwitAddress(prefix: string, program: Uint8Array): string {
  const data = [0, ...toFiveBits(program)]
  const mod = polymod([...expandPrefix(prefix), ...data, 0, 0, 0, 0, 0, 0]) ^ 1
  const checksum = Array.from({ length: 6 }, (_, index) => (mod >>> (5 * (5 - index))) & 31)
  return `${prefix}1${[...data, ...checksum].map((value) => CHARSET[value]).join('')}`
}

/** Whether a bech32 string's checksum holds (the address a buyer copies is well formed). */
export function bech32Valid(address: string): boolean {
  const split = address.lastIndexOf('1')
  if (split < 1 || address !== address.toLowerCase()) return false
  const values = [...address.slice(split + 1)].map((c) => CHARSET.indexOf(c))
  if (values.length < 6 || values.includes(-1)) return false
  return polymod([...expandPrefix(address.slice(0, split)), ...values]) === 1
}

/**
 * The invoice's address: a testnet segwit address (`tb1q…`, the sandbox pays no real coins) whose
 * 20-byte program is the HMAC of the attempt's reference under the site's secret, so each invoice
 * has its own, the same whenever it is shown, and nobody without the secret can tell the next one.
 */
export function invoiceAddress(secret: string, reference: string): string {
  const program = createHmac('sha256', secret).update(`invoice-address:${reference}`).digest().subarray(0, 20)
  return segwitAddress('tb', program)
}
