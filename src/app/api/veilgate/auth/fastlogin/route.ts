import { AUTH_MAX_BODY_BYTES, bodyOf, handler, json, otherMethods } from '@/lib/http'
import { fastLoginSchema } from '@/lib/validation/auth'
import { requestFastLogin } from '@/services/auth/fast-login'
import { payloadClient } from '@/services/content/payload'
import { requireHuman } from '@/services/human-check'
import { limit } from '@/services/security/rate-limit'

/**
 * POST { username, timezone? (+0200, default +0000), inrecaptcha, version } → 202 { sent: true },
 * whether or not an account uses the address: when one does, a one-time sign-in link and a
 * six-digit code are e-mailed to it. Without a valid human check: 400 NOT_VERIFIED_CAPTCHA.
 */
export const POST = handler(async (request) => {
  const body = await bodyOf(request, AUTH_MAX_BODY_BYTES)
  await limit(request, 'fastlogin', typeof body.username === 'string' ? body.username : undefined)
  const input = fastLoginSchema.parse(body)
  const payload = await payloadClient()
  await requireHuman(payload, request, body, 'fastlogin')
  await requestFastLogin(payload, { email: input.username, timezone: input.timezone })
  return json({ sent: true }, { status: 202 })
})

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST')
