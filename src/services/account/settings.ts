// Account settings: the profile, consent, language and timezone, sessions and the e-mail change.
import Bowser from 'bowser'
import type { Payload } from 'payload'
import { z } from 'zod'
import { TIMEZONE_PATTERN } from '@/lib/validation/auth'
import { localeCodes } from '@/i18n/locales'
import { securityNow } from '@/lib/clock'
import { apiError } from '@/lib/http'
import type { Customer } from '@/payload-types'
import { consentWording, pendingEmail, userInfo } from '@/services/auth/accounts'
import { revokeAllSessions } from '@/services/auth/revoke'
import { query } from '@/services/db'

/**
 * What the settings screen shows of the customer: `user-info/`'s fields, whether a password is
 * set, when consent last changed, and the address an e-mail change waits to be confirmed for.
 */
export async function profileView(payload: Payload, customer: Customer) {
  return {
    ...userInfo(customer),
    hasPassword: customer.hasPassword !== false,
    marketingConsentAt: customer.marketingConsentAt ?? null,
    pendingEmail: await pendingEmail(payload, customer.id),
  }
}

export const profileInput = z.strictObject(
  {
    locale: z.enum(localeCodes as unknown as [string, ...string[]], { error: 'INVALID_INPUT' }).optional(),
    timezone: z.string({ error: 'INVALID_INPUT' }).regex(TIMEZONE_PATTERN, 'INVALID_INPUT').optional(),
    marketingConsent: z.boolean({ error: 'INVALID_INPUT' }).optional(),
  },
  { error: 'INVALID_INPUT' },
)

/**
 * Changes the language of e-mails, the timezone and marketing consent. Consent, given or
 * withdrawn, is stored with its time and the switch's wording in the screen's language.
 */
export async function updateProfile(payload: Payload, customer: Customer, input: z.infer<typeof profileInput>, screenLocale: string) {
  const data: Partial<Customer> = {}
  if (input.locale) data.locale = input.locale as Customer['locale']
  if (input.timezone) data.timezone = input.timezone
  if (input.marketingConsent !== undefined) {
    data.marketingConsent = input.marketingConsent
    data.marketingConsentAt = securityNow().toISOString()
    data.marketingConsentWording = await consentWording(screenLocale)
  }
  if (!Object.keys(data).length) return profileView(payload, customer)
  const updated = await payload.update({ collection: 'customers', id: customer.id, data, overrideAccess: true, depth: 0 })
  return profileView(payload, updated)
}

export type SessionView = {
  id: number
  kind: 'auth' | 'access'
  createdAt: string
  lastUsedAt: string | null
  /** "Firefox on Windows", from the stored user agent; null when there is none to read. */
  device: string | null
  browser: string | null
  os: string | null
  current: boolean
}

/** The browser and system a user agent names (bowser), e.g. "Firefox on Windows". */
export function deviceOf(userAgent: string | null | undefined): Pick<SessionView, 'device' | 'browser' | 'os'> {
  if (!userAgent) return { device: null, browser: null, os: null }
  const parsed = Bowser.parse(userAgent)
  const browser = parsed.browser.name || null
  const os = parsed.os.name || null
  const device = browser && os ? `${browser} on ${os}` : (browser ?? os)
  return { device, browser, os }
}

/** The customer's open sessions (not ended, not expired), newest first, the calling one marked. */
export async function customerSessions(payload: Payload, customerId: number, currentId: number): Promise<SessionView[]> {
  const found = await payload.find({
    collection: 'customer-sessions',
    where: { and: [{ customer: { equals: customerId } }, { revokedAt: { exists: false } }, { expiresAt: { greater_than: securityNow().toISOString() } }] },
    sort: '-createdAt',
    limit: 200,
    depth: 0,
    overrideAccess: true,
  })
  return found.docs.map((session) => ({
    id: session.id,
    kind: session.kind,
    createdAt: session.createdAt,
    lastUsedAt: session.lastUsedAt ?? null,
    ...deviceOf(session.userAgent),
    current: session.id === currentId,
  }))
}

export const revokeInput = z.union([
  z.strictObject({ id: z.number({ error: 'INVALID_INPUT' }).int('INVALID_INPUT').positive('INVALID_INPUT') }, { error: 'INVALID_INPUT' }),
  z.strictObject({ all: z.literal(true, { error: 'INVALID_INPUT' }) }, { error: 'INVALID_INPUT' }),
], { error: 'INVALID_INPUT' })

/**
 * Ends one of the customer's sessions (another customer's id, or one already ended, is 404) or,
 * with `all`, every one, the calling session too. Ended sessions answer 401 EXPIRED_SESSION.
 */
export async function revokeSessions(payload: Payload, customerId: number, input: z.infer<typeof revokeInput>): Promise<{ revoked: number }> {
  if ('all' in input) return { revoked: await revokeAllSessions(payload, customerId) }
  const ended = await query<{ id: number }>(
    payload,
    `update customer_sessions set revoked_at = $3, updated_at = $3 where id = $1 and customer_id = $2 and revoked_at is null returning id`,
    [input.id, customerId, securityNow().toISOString()],
  )
  if (!ended.length) throw apiError('NOT_FOUND')
  return { revoked: 1 }
}
