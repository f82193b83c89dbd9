// The sandbox processor's crypto invoices (bitcoin through BTCPay, CoinPayments): made with the charge, and read back as each state's payment result.
import { realNow } from '@/lib/clock'
import { env } from '@/lib/env'
import { failedWith, type PaymentResult } from '@/services/payments/provider'
import { invoiceAddress, invoiceExpiry, satsFor, type InvoiceStatus, type InvoiceView } from '@/services/payments/crypto/invoice'
import { settleCharge, type LedgerEntry, type LedgerInvoice } from './ledger'

/** The sandbox's invoice page of one crypto payment. */
export const invoiceUrl = (providerRef: string) => `/sandbox/invoice/${providerRef}`

/** Why the processor ended an invoice unpaid (the ledger's `error_code`). */
export const UNDERPAID = 'payment_underpaid'
export const EXPIRED = 'invoice_expired'

/** The invoice made with a crypto charge: its address, its amount in satoshis at `SANDBOX_BTC_USD`, its 30 minutes. */
export function newInvoice(secret: string, providerRef: string, cents: number, at: Date): LedgerInvoice {
  return { address: invoiceAddress(secret, providerRef), amount: satsFor(cents, env().SANDBOX_BTC_USD), received: 0, expiresAt: invoiceExpiry(at).toISOString() }
}

const view = (invoice: LedgerInvoice, status: InvoiceStatus): InvoiceView => ({ status, address: invoice.address, amount: invoice.amount, received: invoice.received, expiresAt: invoice.expiresAt })

/**
 * An invoice's payment as the processor tells it at `at` (the site's clock; confirmations count
 * in real time, `real`, as the delayed delivery does): new (its page, until it expires), seen
 * (processing, until its confirmations), settled, underpaid (failed, retryable) or expired.
 */
export function invoiceResult(entry: Pick<LedgerEntry, 'ref' | 'status' | 'errorCode' | 'invoice' | 'nextAction'>, at: Date, real: Date): PaymentResult {
  const invoice = entry.invoice!
  const ref = entry.ref
  if (entry.status === 'succeeded') return { status: 'succeeded', providerRef: ref, invoice: view(invoice, 'settled') }
  if (entry.status === 'processing') {
    const confirmed = invoice.confirmsAt !== undefined && new Date(invoice.confirmsAt).getTime() <= real.getTime()
    return confirmed ? { status: 'succeeded', providerRef: ref, invoice: view(invoice, 'settled') } : { status: 'processing', providerRef: ref, invoice: view(invoice, 'seen') }
  }
  if (entry.status === 'failed' && entry.errorCode === UNDERPAID) return { ...failedWith(ref, UNDERPAID), invoice: view(invoice, 'underpaid') }
  const lapsed = entry.status === 'requires_action' && new Date(invoice.expiresAt).getTime() <= at.getTime()
  if (lapsed || entry.errorCode === EXPIRED) {
    return { status: 'canceled', providerRef: ref, expired: true, error: { code: 'PAYMENT_CANCELED', providerCode: EXPIRED, retryable: false }, invoice: view(invoice, 'expired') }
  }
  if (entry.status === 'requires_action') return { status: 'requires_action', providerRef: ref, nextAction: { type: 'redirect', url: entry.nextAction ?? invoiceUrl(ref) }, invoice: view(invoice, 'new') }
  return { ...failedWith(ref, entry.errorCode ?? 'payment_declined'), invoice: view(invoice, 'expired') }
}

/** The ledger's answer for an invoice, a confirmation that came due recorded first (compare-and-set: once). */
export async function retrieveInvoice(entry: LedgerEntry, at: Date): Promise<PaymentResult> {
  const result = invoiceResult(entry, at, realNow())
  if (entry.status === 'processing' && result.status === 'succeeded') await settleCharge(entry.ref, { from: 'processing', to: 'succeeded' })
  return result
}
