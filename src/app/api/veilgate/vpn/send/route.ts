import { apiError, bodyOf, handler, json, otherMethods } from '@/lib/http'
import { configRequestBody } from '@/lib/validation/enquiries'
import { payloadClient } from '@/services/content/payload'
import { serverLocations } from '@/services/content/servers'
import { recordConfigRequest } from '@/services/enquiries/requests'
import { limit } from '@/services/security/rate-limit'

/**
 * POST { email, platform, protocol: "wireguard" | "openvpn" | "ikev2", countryCode, locale } →
 * 201 { id }: a configuration request for the support team, acknowledged by e-mail. 400 names the
 * first field missing or wrong; a country without a server location is INVALID_INPUT
 * (`countryCode`); 429 over the limits.
 */
export const POST = handler(async (request) => {
  const raw = await bodyOf(request)
  await limit(request, 'send-config', typeof raw.email === 'string' ? raw.email.trim().toLowerCase().slice(0, 254) : undefined)
  const input = configRequestBody.parse(raw)
  const payload = await payloadClient()
  const countries = new Set((await serverLocations(payload)).map((location) => location.countryCode.toUpperCase()))
  if (!countries.has(input.countryCode)) throw apiError('INVALID_INPUT', 'countryCode')
  return json(await recordConfigRequest(payload, input), { status: 201 })
})

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST')
