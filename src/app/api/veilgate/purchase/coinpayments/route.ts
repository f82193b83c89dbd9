import { otherMethods } from '@/lib/http'
import { cryptoEventRoute, cryptoReturnRoute } from '../crypto-routes'

export const runtime = 'nodejs'

/**
 * CoinPayments' IPN: POST, form-encoded `ipn_version=1.0&ipn_mode=hmac&ipn_id&merchant&txn_id&status
 * &amount2&received_amount&custom={attempt key}` with `HMAC: <hex HMAC-SHA512(secret, raw body)>`
 * → the text `IPN OK` (a repeated `ipn_id` too, without effect); another merchant → 400.
 */
export const POST = cryptoEventRoute('coinpayments', () => new Response('IPN OK', { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } }))

/** The browser's return from the invoice: GET ?token={attempt} → 303 (see `cryptoReturnRoute`). */
export const GET = cryptoReturnRoute('coinpayments')

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET', 'POST')
