// The two VPN request forms: a business (OEM) enquiry and a configuration request.
import { z } from 'zod'
import { isLocaleCode } from '@/i18n/locales'
import { appPlatforms } from '@/services/downloads/apps'

/** A required line of text: missing or blank → REQUIRED, too long → INVALID_INPUT. */
const text = (max: number) => z.string({ error: 'REQUIRED' }).trim().min(1, 'REQUIRED').max(max, 'INVALID_INPUT')
const optionalText = (max: number) =>
  z
    .string({ error: 'INVALID_INPUT' })
    .trim()
    .max(max, 'INVALID_INPUT')
    .optional()
    .transform((value) => value || undefined)

const email = z
  .string({ error: 'REQUIRED' })
  .trim()
  .min(1, 'REQUIRED')
  .max(254, 'INVALID_EMAIL')
  .transform((value) => value.toLowerCase())
  .pipe(z.email('INVALID_EMAIL'))

const locale = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === 'string' && isLocaleCode(value) ? value : 'en'))

/** `{ name, email, company, website?, seats?, message, locale }`. */
export const oemRequestBody = z.object({
  name: text(100),
  email,
  company: text(200),
  website: optionalText(300).refine((value) => value === undefined || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), 'INVALID_INPUT'),
  seats: z.coerce.number({ error: 'INVALID_INPUT' }).int('INVALID_INPUT').min(1, 'INVALID_INPUT').max(1_000_000, 'INVALID_INPUT').optional(),
  message: text(5000),
  locale,
})

export const vpnProtocols = ['wireguard', 'openvpn', 'ikev2'] as const

/** `{ email, platform, protocol, countryCode, locale }`. */
export const configRequestBody = z.object({
  email,
  platform: z.enum(appPlatforms, { error: 'INVALID_INPUT' }),
  protocol: z.enum(vpnProtocols, { error: 'INVALID_INPUT' }),
  countryCode: z
    .string({ error: 'REQUIRED' })
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'INVALID_INPUT')
    .transform((value) => value.toUpperCase()),
  locale,
})

export type OemRequest = z.infer<typeof oemRequestBody>
export type ConfigRequest = z.infer<typeof configRequestBody>
