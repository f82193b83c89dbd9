import { securityNow } from '@/lib/clock'
import { bodyOf, handler, json, otherMethods, requestLocale } from '@/lib/http'
import { newsletterEmail, subscribeBody } from '@/lib/validation/newsletter'
import { payloadClient } from '@/services/content/payload'
import { requireHuman } from '@/services/human-check'
import { invalidNewsletterEmail, subscribe } from '@/services/newsletter/subscribers'
import { limit } from '@/services/security/rate-limit'

/**
 * POST { inrecaptcha, version, username, source?, type?, locale? } → 200 { username }, in this
 * order: 429 TOO_MANY_REQUESTS (address and account limits); 400 INVALID_EMAIL with the
 * newsletter's text, `field: "username"` (the human-check token is not spent); 400 INVALID_INPUT
 * for a malformed source or type; 400 NOT_VERIFIED_CAPTCHA; 409 ALREADY_IN_USE "Subscription on
 * {email} already exists." for an active address. A new address is pending until its owner
 * confirms the e-mailed link (double opt-in).
 */
export const POST = handler(async (request) => {
  const raw = await bodyOf(request)
  const locale = requestLocale(request, raw)
  await limit(request, 'subscribe', typeof raw.username === 'string' ? raw.username.trim().toLowerCase().slice(0, 254) : undefined)
  if (!newsletterEmail.safeParse(raw.username).success) throw await invalidNewsletterEmail(locale)
  const input = subscribeBody.parse(raw)
  const payload = await payloadClient()
  await requireHuman(payload, request, raw, 'subscribe')
  return json(await subscribe(payload, input, securityNow()))
})

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST')
