// The crypto providers' routes, shared by `purchase/bitcoin` (BTCPay's deliveries) and `purchase/coinpayments` (IPNs).
import { z } from 'zod'
import { now } from '@/lib/clock'
import { apiError, handler, json, queryOf, seeOtherPage } from '@/lib/http'
import type { CryptoMethod } from '@/services/payments/crypto/invoice'
import { takeEvent } from '@/services/payments/intake'
import { eventReaders } from '@/services/payments/registry'
import { SANDBOX_REFERENCE } from '@/services/payments/sandbox/approval'
import { returnFromInvoice } from '@/services/payments/sandbox/invoice-answer'
import { payloadClient } from '@/services/content/payload'

/** Largest event body taken in (both formats are well under a kilobyte). */
const MAX_EVENT_BYTES = 64 * 1024

/**
 * A provider's event (POST, raw body): read in its format by its `eventReaders` line (bad or
 * missing signature → 400 INVALID_SIGNATURE; malformed → 400 INVALID_INPUT), then the shared
 * intake; answered as the provider expects (`answer`), a repeat too; 503 when applying failed (it comes again).
 */
export function cryptoEventRoute(method: CryptoMethod, answer: (taken: Awaited<ReturnType<typeof takeEvent>>) => Response) {
  return handler(async (request) => {
    if (Number(request.headers.get('content-length') ?? 0) > MAX_EVENT_BYTES) throw apiError('INVALID_INPUT')
    const raw = await request.text()
    if (Buffer.byteLength(raw) > MAX_EVENT_BYTES) throw apiError('INVALID_INPUT')
    const payload = await payloadClient()
    const at = now()
    const event = await eventReaders[method](payload, { body: raw, query: new URL(request.url).searchParams, headers: request.headers, at })
    return answer(await takeEvent(payload, event, at))
  })
}

const browserReturn = z.object({ token: z.string({ error: 'INVALID_INPUT' }).max(64, 'INVALID_INPUT').regex(SANDBOX_REFERENCE, 'INVALID_INPUT') })

/**
 * The provider's browser return: GET ?token={attempt} → 303 to the invoice's page while it is open,
 * else the order's success page, in the order's language. No or malformed token → 400
 * INVALID_INPUT; unknown → 404 ORDER_NOT_FOUND.
 */
export function cryptoReturnRoute(method: CryptoMethod) {
  return handler(async (request) => {
    const { token } = browserReturn.parse(queryOf(request))
    const next = await returnFromInvoice(await payloadClient(), token, method)
    const [path, search] = next.url.split('?')
    return seeOtherPage(next.locale, path!, search ? `?${search}` : '')
  })
}

export const receivedJson = (taken: Awaited<ReturnType<typeof takeEvent>>) => json(taken)
