import { AUTH_MAX_BODY_BYTES, bodyOf, handler, json, otherMethods } from '@/lib/http'
import { isLocaleCode } from '@/i18n/locales'
import { profileInput, profileView, updateProfile } from '@/services/account/settings'
import { requireSession } from '@/services/auth/sessions'
import { payloadClient } from '@/services/content/payload'

/** GET → the profile: `user-info/`'s fields and `marketingConsentAt`. */
export const GET = handler(async (request) => {
  const payload = await payloadClient()
  const { customer } = await requireSession(payload, request.headers)
  return json(await profileView(payload, customer))
})

/**
 * PATCH { locale?, timezone?, marketingConsent? } → the profile. `locale` is the language of
 * e-mails; the screen's own language (`?locale=`) is the one the consent wording is stored in.
 */
export const PATCH = handler(async (request) => {
  const payload = await payloadClient()
  const { customer } = await requireSession(payload, request.headers)
  const input = profileInput.parse(await bodyOf(request, AUTH_MAX_BODY_BYTES))
  const screen = new URL(request.url).searchParams.get('locale')
  return json(await updateProfile(payload, customer, input, isLocaleCode(screen) ? screen : customer.locale))
})

export const { POST, PUT, DELETE, OPTIONS } = otherMethods('GET', 'PATCH')
