import { otherMethods } from '@/lib/http'
import { cryptoEventRoute, cryptoReturnRoute, receivedJson } from '../crypto-routes'

export const runtime = 'nodejs'

/**
 * BTCPay's invoice webhooks: POST, raw JSON `{ deliveryId, type: "InvoiceReceivedPayment" |
 * "InvoiceSettled" | "InvoiceInvalid" | "InvoiceExpired", invoiceId, metadata: { orderId,
 * attemptKey } }` with `BTCPay-Sig: sha256=<hex HMAC-SHA256(secret, raw body)>` → 200
 * { received: true } (a repeated `deliveryId` too, without effect).
 */
export const POST = cryptoEventRoute('bitcoin', receivedJson)

/** The browser's return from the invoice: GET ?token={attempt} → 303 (see `cryptoReturnRoute`). */
export const GET = cryptoReturnRoute('bitcoin')

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET', 'POST')
