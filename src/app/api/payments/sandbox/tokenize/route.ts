import { z } from 'zod'
import { now } from '@/lib/clock'
import { apiError, AUTH_MAX_BODY_BYTES, bodyOf, handler, json, otherMethods } from '@/lib/http'
import { sandboxAvailable } from '@/services/payments/registry'
import { tokenize } from '@/services/payments/sandbox/processor'
import { payloadClient } from '@/services/content/payload'
import { limitCheckout } from '@/services/security/rate-limit'

const body = z.object({
  number: z.string({ error: 'INCORRECT_NUMBER' }).max(30, 'INCORRECT_NUMBER'),
  expMonth: z.coerce.number({ error: 'INVALID_EXPIRY_MONTH' }),
  expYear: z.coerce.number({ error: 'INVALID_EXPIRY_YEAR' }),
  cvc: z.string({ error: 'INVALID_CVC' }).max(8, 'INVALID_CVC'),
  name: z.string().max(200).optional(),
  postalCode: z.string().max(20).optional(),
  locale: z.string().max(10).optional(),
})

/**
 * The sandbox processor's card form endpoint (the only place a card number reaches):
 * POST { number, expMonth, expYear, cvc, name?, postalCode? } → { token, brand, last4 }. The number
 * is checked (Luhn, expiry, CVC) and dropped; nothing of it is stored or logged.
 */
export const POST = handler(async (request) => {
  if (!sandboxAvailable()) throw apiError('SERVER_MAINTENANCE')
  await limitCheckout(request, 'tokenize')
  const input = body.parse(await bodyOf(request, AUTH_MAX_BODY_BYTES))
  const payload = await payloadClient()
  const result = tokenize(payload.secret, input, now())
  if ('error' in result) throw apiError(result.error, result.error === 'INCORRECT_NUMBER' ? 'number' : result.error === 'INVALID_CVC' ? 'cvc' : result.error === 'INVALID_EXPIRY_MONTH' ? 'expMonth' : 'expYear')
  return json(result)
})

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST')
