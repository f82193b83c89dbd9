// The newsletter's subscribe request: one schema for the form and POST /api/coms/subscribe/.
import { z } from 'zod'
import { isLocaleCode } from '@/i18n/locales'

/** The address as it is stored and compared: trimmed, lower-cased, a valid e-mail. */
export const newsletterEmail = z
  .string({ error: 'INVALID_EMAIL' })
  .trim()
  .max(254, 'INVALID_EMAIL')
  .transform((value) => value.toLowerCase())
  .pipe(z.email('INVALID_EMAIL'))

const label = z.string({ error: 'INVALID_INPUT' }).trim().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/i, 'INVALID_INPUT')

/**
 * `{ inrecaptcha, version, username, source, type, locale }`: `source` defaults to `vpn-site`,
 * `type` to `common`, a `locale` outside the 32 codes is English. The human check's fields are
 * checked by `requireHuman()`.
 */
export const subscribeBody = z.object({
  inrecaptcha: z.unknown().optional(),
  version: z.unknown().optional(),
  username: newsletterEmail,
  source: label.default('vpn-site'),
  type: label.default('common'),
  locale: z.unknown().optional().transform((value) => (typeof value === 'string' && isLocaleCode(value) ? value : 'en')),
})

export type SubscribeBody = z.infer<typeof subscribeBody>
