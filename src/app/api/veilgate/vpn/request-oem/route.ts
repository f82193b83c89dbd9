import { bodyOf, handler, json, otherMethods } from '@/lib/http'
import { oemRequestBody } from '@/lib/validation/enquiries'
import { payloadClient } from '@/services/content/payload'
import { recordOemRequest } from '@/services/enquiries/requests'
import { limit } from '@/services/security/rate-limit'

/**
 * POST { name, email, company, website?, seats?, message, locale } → 201 { id }: a business
 * enquiry for the sales team, acknowledged by e-mail. 400 names the first field that is missing
 * (REQUIRED) or wrong (INVALID_EMAIL, INVALID_INPUT); 429 over the address or e-mail limits.
 */
export const POST = handler(async (request) => {
  const raw = await bodyOf(request)
  await limit(request, 'request-oem', typeof raw.email === 'string' ? raw.email.trim().toLowerCase().slice(0, 254) : undefined)
  const input = oemRequestBody.parse(raw)
  return json(await recordOemRequest(await payloadClient(), input), { status: 201 })
})

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST')
