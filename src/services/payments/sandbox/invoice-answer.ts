// The sandbox's invoice page's side: a crypto payment paid, paid short or left to expire by its buyer, and each state reported in its provider's format.
import type { Payload } from 'payload'
import { realNow } from '@/lib/clock'
import { env } from '@/lib/env'
import { apiError } from '@/lib/http'
import type { Order, PaymentAttempt } from '@/payload-types'
import { findOrderByHash } from '@/services/orders/orders'
import { applyResult, successUrl } from '@/services/payments/outcome'
import { providerById } from '@/services/payments/registry'
import { sandboxBtcpayEvent } from '@/services/payments/bitcoin/btcpay'
import { sandboxIpn, sandboxMerchant } from '@/services/payments/coinpayments/ipn'
import { isCryptoMethod, type CryptoMethod } from '@/services/payments/crypto/invoice'
import { SANDBOX_REFERENCE } from './approval'
import { emitSandboxEvent } from './deliver'
import { EXPIRED, invoiceUrl, UNDERPAID } from './invoice'
import { ledgerEntry, moveInvoice, type LedgerEntry, type LedgerInvoice } from './ledger'
import { sandboxWebhookSecret } from './secret'

export const invoiceActions = ['pay', 'underpay', 'expire'] as const
export type InvoiceAction = (typeof invoiceActions)[number]

/** A crypto payment by its sandbox reference, with its order and the processor's invoice, or null. */
export async function invoiceOf(payload: Payload, reference: string): Promise<{ attempt: PaymentAttempt; order: Order; entry: LedgerEntry & { invoice: LedgerInvoice } } | null> {
  if (!SANDBOX_REFERENCE.test(reference)) return null
  const attempt = (await payload.find({ collection: 'payment-attempts', where: { providerRef: { equals: `sandbox:${reference}` } }, limit: 1, depth: 1, overrideAccess: true })).docs[0]
  const order = attempt && typeof attempt.order === 'object' ? attempt.order : null
  const entry = order && isCryptoMethod(order.method) ? await ledgerEntry(reference) : null
  if (!attempt || !order || !entry?.invoice) return null
  return { attempt, order, entry: entry as LedgerEntry & { invoice: LedgerInvoice } }
}

/** How long the sandbox's coins take to confirm (`SANDBOX_CRYPTO_CONFIRM_SECONDS`). */
const confirmMs = () => env().SANDBOX_CRYPTO_CONFIRM_SECONDS * 1000

/**
 * The sandbox reports an invoice's state the way its provider does: bitcoin as a BTCPay delivery
 * (`InvoiceReceivedPayment`, `InvoiceSettled`, `InvoiceInvalid`, `InvoiceExpired`), CoinPayments as
 * an IPN (status 1, 100, or −1 with what was received); `delayMs` holds it back (a confirmation).
 */
export async function reportInvoice(
  payload: Payload,
  input: { method: CryptoMethod; providerRef: string; state: 'seen' | 'settled' | 'underpaid' | 'expired'; orderId: number; attempt: number; invoice: Pick<LedgerInvoice, 'amount' | 'received'>; at: Date; delayMs?: number },
): Promise<void> {
  const body =
    input.method === 'bitcoin'
      ? sandboxBtcpayEvent({ providerRef: input.providerRef, state: input.state, orderId: input.orderId, attempt: input.attempt, at: input.at })
      : sandboxIpn({ providerRef: input.providerRef, state: input.state, merchant: sandboxMerchant(sandboxWebhookSecret(payload)), orderId: input.orderId, attempt: input.attempt, amount: input.invoice.amount, received: input.invoice.received })
  await emitSandboxEvent(payload, { route: input.method, body }, input.delayMs)
}

/**
 * The buyer's answer on the invoice page. The processor's side first, compare-and-set (of two
 * answers the first counts, and only while the invoice is open): pay → the coins are seen
 * (reported now) and confirm after `SANDBOX_CRYPTO_CONFIRM_SECONDS` (reported then); the order
 * waits for them (awaiting_provider) with its 24 hours back, so no sweep cuts the confirmation
 * short. Underpay → half the amount arrives, the invoice is invalid: the order fails
 * (PAYMENT_UNDERPAID, retryable). Expire → the invoice expires: so does the order. The browser goes
 * to the success page, which tells where the invoice stands; answered before, too.
 */
export async function answerInvoice(payload: Payload, reference: string, action: InvoiceAction, at: Date): Promise<{ url: string }> {
  const found = await invoiceOf(payload, reference)
  if (!found) throw apiError('ORDER_NOT_FOUND')
  const { attempt, order, entry } = found
  const method = order.method as CryptoMethod
  const done = { url: successUrl(order.publicHash) }
  const provider = providerById(payload, 'sandbox')
  if (!provider || order.status !== 'requires_action' || entry.status !== 'requires_action') return done
  const report = (state: Parameters<typeof reportInvoice>[1]['state'], invoice: Pick<LedgerInvoice, 'amount' | 'received'>, delayMs?: number) =>
    reportInvoice(payload, { method, providerRef: reference, state, orderId: order.id, attempt: attempt.number, invoice, at, delayMs })
  // The site hears of it as a browser return would tell it: the processor's answer applied.
  const catchUp = async () => {
    const latest = await findOrderByHash(payload, order.publicHash)
    if (latest) await applyResult(payload, latest, attempt, await provider.retrieve(reference), [latest.status], at)
  }
  if (action === 'pay') {
    const received = { received: entry.invoice.amount, confirmsAt: new Date(realNow().getTime() + confirmMs()).toISOString() }
    if (!(await moveInvoice(reference, { from: 'requires_action', to: 'processing', invoice: received, openAt: at }))) {
      await catchUp()
      return done
    }
    // The site hears of the coins at once, as the browser's return tells it: the order waits for
    // their confirmation (awaiting_provider, its 24 hours back) and the attempt's invoice says seen.
    await catchUp()
    await report('seen', { ...entry.invoice, ...received })
    await report('settled', { ...entry.invoice, ...received }, confirmMs())
    return done
  }
  const received = action === 'underpay' ? Math.max(0, Math.floor(entry.invoice.amount / 2)) : 0
  const errorCode = action === 'underpay' ? UNDERPAID : EXPIRED
  if (await moveInvoice(reference, { from: 'requires_action', to: 'failed', errorCode, invoice: { received }, openAt: action === 'underpay' ? at : undefined })) {
    await report(action === 'underpay' ? 'underpaid' : 'expired', { amount: entry.invoice.amount, received })
  }
  await catchUp()
  return done
}

/**
 * A crypto provider's browser return (`GET purchase/bitcoin?token=`, `purchase/coinpayments?token=`):
 * an invoice still open goes back to its page; anything else to the success page, which tells
 * where the invoice stands. Unknown token → 404 ORDER_NOT_FOUND.
 */
export async function returnFromInvoice(payload: Payload, token: string, method: CryptoMethod): Promise<{ locale: string; url: string }> {
  const found = await invoiceOf(payload, token)
  if (!found || found.order.method !== method) throw apiError('ORDER_NOT_FOUND', 'token')
  const { order, entry } = found
  const open = order.status === 'requires_action' && entry.status === 'requires_action'
  return { locale: order.locale, url: open ? invoiceUrl(token) : successUrl(order.publicHash) }
}
