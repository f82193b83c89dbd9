import { z } from 'zod'
import { defaultLocale, isLocaleCode, type LocaleCode } from '@/i18n/locales'
import { classifyUsername, isAccountNumber } from './account-number'
import { passwordIssue } from './password-rule'

/**
 * The auth forms' rules (spec section 5), shared by the endpoints and the browser: no server
 * imports. Each issue's message is a catalogue code (src/lib/errors.ts); the endpoints answer
 * it with the field's name.
 */

const text = z.string({ error: 'REQUIRED' })

/** An e-mail address, checked and kept in lower case. */
export const email = text
  .trim()
  .min(1, 'REQUIRED')
  .max(254, 'INVALID_EMAIL')
  .transform((value) => value.toLowerCase())
  .pipe(z.email({ error: 'INVALID_EMAIL' }))

/** A password's strength from 0 (guessable) to 4, given what the site knows of its owner (zxcvbn's score). */
export type StrengthEstimate = (password: string, userInputs: string[]) => number
/** Scores below this are PASSWORD_BAD. */
export const MIN_PASSWORD_SCORE = 3

let estimateStrength: StrengthEstimate | null = null
/**
 * Installs the strength estimator (`ensureStrengthEstimate()` in `./strength`, which the endpoints
 * await before checking a chosen password). Until it is installed, a browser form checks the other
 * rules only; the endpoint checks all of them.
 */
export function setStrengthEstimate(estimate: StrengthEstimate | null): void {
  estimateStrength = estimate
}

/** The strength rule, after the others: PASSWORD_BAD when the estimate is below 3. */
export const tooWeak = (value: string, userInputs: string[]) => estimateStrength !== null && estimateStrength(value, userInputs.filter(Boolean)) < MIN_PASSWORD_SCORE

/** No whitespace at either end; printable ASCII, at least 8 characters (in that order). */
export const password = text.superRefine((value, ctx) => {
  const issue = passwordIssue(value)
  if (issue) ctx.addIssue({ code: 'custom', message: issue })
})

/** A new password: the rules above, then strong enough (PASSWORD_BAD). */
export const strongPassword = password.superRefine((value, ctx) => {
  if (tooWeak(value, [])) ctx.addIssue({ code: 'custom', message: 'PASSWORD_BAD' })
})

/** The e-mail and its local part: what the estimator should count as known to an attacker. */
export const ownerInputs = (email: string) => [email, email.split('@')[0] ?? '']

/** A password as typed at sign-in: any non-empty text (the rules apply when it is chosen). */
export const enteredPassword = text.min(1, 'REQUIRED').max(1024, 'INVALID_USERNAME_OR_PASSWORD')

/** `+0200`, `-0530`: an offset from UTC. */
export const TIMEZONE_PATTERN = /^[+-](?:0\d|1[0-4])[0-5]\d$/
export const timezone = z.string().regex(TIMEZONE_PATTERN, 'INVALID_INPUT')

/** One of the 32 site locales; anything else is English. */
export const locale = z
  .unknown()
  .transform((value): LocaleCode => (typeof value === 'string' && isLocaleCode(value) ? value : defaultLocale))

/**
 * `login/`'s name: an address (lower case), or an account number (digits with spaces or dashes,
 * kept as its 16 digits; any other count of digits is INVALID_VEILGATE_ID); anything else
 * INVALID_USERNAME.
 */
export const signInName = text
  .trim()
  .min(1, 'REQUIRED')
  .transform((value, ctx) => {
    const name = classifyUsername(value)
    if (name.kind === 'number') return name.number
    if (name.kind === 'invalid-number') {
      ctx.addIssue({ code: 'custom', message: 'INVALID_VEILGATE_ID' })
      return z.NEVER
    }
    return name.email
  })
  .pipe(z.string().refine((value) => isAccountNumber(value) || z.email().max(254).safeParse(value).success, 'INVALID_USERNAME'))

export const loginSchema = z.object({
  username: signInName,
  password: enteredPassword,
})

export const registerSchema = z
  .object({
    username: email,
    password,
    confirmPassword: text.min(1, 'CONFIRM_PASSWORD'),
    terms: z.literal(true, { error: 'TERMS_AGREE' }),
    marketingConsent: z.boolean({ error: 'INVALID_INPUT' }).optional().default(false),
    locale: locale.optional(),
    timezone: timezone.optional().default('+0000'),
  })
  .superRefine(
    (value, ctx) => {
      // Runs beside the fields' own rules (an unticked box must not hide a weak password), so
      // each value is checked for its type first and a field already refused gets no second issue.
      const chosen: unknown = value.password
      const owner = typeof value.username === 'string' ? value.username.trim().toLowerCase() : ''
      if (typeof chosen === 'string' && !passwordIssue(chosen) && tooWeak(chosen, ownerInputs(owner))) ctx.addIssue({ code: 'custom', message: 'PASSWORD_BAD', path: ['password'] })
      if (typeof value.confirmPassword === 'string' && value.confirmPassword && value.confirmPassword !== chosen) ctx.addIssue({ code: 'custom', message: 'CONFIRM_PASSWORD', path: ['confirmPassword'] })
    },
    { when: () => true },
  )

export const changePasswordSchema = z.object({ password: enteredPassword, newPassword: strongPassword })

/** `account/email/`: the current password, then the new address. */
export const changeEmailSchema = z.object({ password: enteredPassword, email })

export const tokenSchema = z.object({ token: z.string({ error: 'EXPIRED_SESSION' }).min(1, 'EXPIRED_SESSION').max(200, 'EXPIRED_SESSION') })

/** `password-reset/`: the address to send a link to. */
export const passwordResetRequestSchema = z.object({ username: email })

/**
 * `password-reset/confirm/`: the link's token, the new password and its confirmation. The
 * strength rule runs on the server too, with the owner's address counted as known.
 */
export const passwordResetSchema = tokenSchema
  .extend({ password: strongPassword, confirmPassword: text.min(1, 'CONFIRM_PASSWORD') })
  .superRefine(
    (value, ctx) => {
      if (typeof value.confirmPassword === 'string' && value.confirmPassword && value.confirmPassword !== value.password) ctx.addIssue({ code: 'custom', message: 'CONFIRM_PASSWORD', path: ['confirmPassword'] })
    },
    { when: () => true },
  )

/** `fastlogin/`: the address to send a sign-in link and code to, and the device's UTC offset. */
export const fastLoginSchema = z.object({ username: email, timezone: timezone.optional().default('+0000') })

/** The six digits of a fast-login e-mail (spaces typed between them are dropped). */
export const fastLoginCode = z
  .string({ error: 'REQUIRED' })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().min(1, 'REQUIRED').regex(/^\d{6}$/, 'INVALID_FAST_LOGIN_CODE'))

/** `autologin/` with the code of a fast-login e-mail instead of its link. */
export const codeLoginSchema = z.object({ username: email, code: fastLoginCode })

export type LoginInput = z.infer<typeof loginSchema>
export type RegisterInput = z.infer<typeof registerSchema>
