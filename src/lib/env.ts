import { z } from 'zod'
import { halfCaptchaPairs } from '../../scripts/lib/captcha-keys.mjs'

/**
 * Environment, validated once. Scripts (`scripts/start.mjs`) fill in
 * DATABASE_URL and PAYLOAD_SECRET for the embedded set-up before the app starts.
 */
const domainMap = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const map: Record<string, string> = {}
    if (!value) return map
    for (const pair of value.split(',')) {
      const [host, locale] = pair.split('=').map((s) => s.trim())
      if (!host || !locale) {
        ctx.addIssue({ code: 'custom', message: `LOCALE_DOMAINS entry "${pair}" is not host=locale` })
        return z.NEVER
      }
      map[host.toLowerCase()] = locale
    }
    return map
  })

const rateLimit = z
  .string()
  .regex(/^\d+\/\d+$/, 'must be points/seconds, such as 20/60')
  .transform((value) => {
    const [points, seconds] = value.split('/').map(Number)
    return { points: points!, seconds: seconds! }
  })
  .refine((limit) => limit.points > 0 && limit.seconds > 0, 'must be positive')

/** A captcha key or secret: printable, no spaces; empty counts as unset. */
const optionalKey = z
  .string()
  .regex(/^[\x21-\x7e]{1,200}$/, 'must be a key without spaces')
  .optional()
  .or(z.literal('').transform(() => undefined))


const schema = z.object({
  DATABASE_URL: z.string().min(1).optional(),
  PAYLOAD_SECRET: z.string().min(16).optional(),
  SITE_URL: z.url().default('http://localhost:3000'),
  /** host=locale pairs, the last step of locale detection. */
  LOCALE_DOMAINS: domainMap,
  /** Base URL that links to the parent company's site are rewritten to. */
  SITE_PROXY_URL: z.url().optional(),
  ADMIN_EMAIL: z.email().default('admin@veilgate.local'),
  ADMIN_PASSWORD: z.string().min(8).default('veilgate-admin'),
  /** `smtp://user:pass@host:587` or `smtps://…`; unset, every message goes into the outbox collection. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Wrong passwords before a customer account locks, and for how long. */
  LOGIN_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(10),
  /** How long a customer session lasts. */
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** How long an unconfirmed account may still sign in. */
  CONFIRM_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  /** A job left "processing" this many seconds belongs to a stopped server and is released (each minute, and at start). */
  /** Seconds a request under an Idempotency-Key may go without an answer before the same request takes the key over. */
  IDEMPOTENCY_RESUME_AFTER: z.coerce.number().int().min(1).max(3_600).default(30),
  /** Seconds an order's payment may stay open (processing, requires_action, awaiting_provider) before its provider is asked again. */
  ORDER_RECONCILE_AFTER: z.coerce.number().int().min(1).max(86_400).default(600),
  JOB_STUCK_AFTER: z.coerce.number().int().min(1).max(86_400).default(600),
  /** How long a deleted account's orders and payment records are kept (bookkeeping law). */
  ORDER_RETENTION_YEARS: z.coerce.number().int().min(1).max(30).default(10),
  /** Proxies in front of the site that append to X-Forwarded-For (0: the TCP peer is the client). */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** Rate limits as `points/seconds`: per client address and endpoint, and per account. */
  RATE_LIMIT_IP: rateLimit.default({ points: 20, seconds: 60 }),
  RATE_LIMIT_ACCOUNT: rateLimit.default({ points: 10, seconds: 900 }),
  /** The geo-IP and VPN list endpoints, per client address (the connection test asks three times a run). */
  GEOIP_RATE_LIMIT: rateLimit.default({ points: 60, seconds: 60 }),
  /** The order reads by public hash (the success page's poll), per client address. */
  ORDER_READ_RATE_LIMIT: rateLimit.default({ points: 60, seconds: 60 }),
  /** Shared store for the rate limits across instances (else PostgreSQL). */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Uploads (media and app files) in this S3-compatible bucket; unset: MEDIA_DIR on disk. */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3–63 lower-case letters, digits, dots and hyphens')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** A self-hosted or other S3-compatible server (unset: AWS). */
  S3_ENDPOINT: z.url().optional().or(z.literal('').transform(() => undefined)),
  /** Both or neither (then the machine's AWS credentials: role, profile, environment). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional().or(z.literal('').transform(() => undefined)),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional().or(z.literal('').transform(() => undefined)),
  /** `true` for servers that take the bucket in the path (MinIO, Ceph, most self-hosted ones). */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', ''])
    .default('false')
    .transform((value) => value === 'true'),
  /** A folder in the bucket for this site's objects (media under `{prefix}/media/`). */
  S3_PREFIX: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9._/-]*$/, 'letters, digits, dots, hyphens, underscores and slashes only')
    .default('')
    .transform((value) => value.replace(/^\/+|\/+$/g, '')),
  /** Largest body our /api/ routes read (the auth endpoints take 16 KiB). */
  API_MAX_BODY_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  /** The sender of every message, `Name <address>` or a bare address. */
  EMAIL_FROM: z.string().min(3).default('Veilgate <no-reply@veilgate.com>'),
  /** Against card testing: tokenize and purchase requests per client address and minute, each (0: no limit). */
  CHECKOUT_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(20),
  /** The human check's HMAC key for ALTCHA challenges (unset: derived from PAYLOAD_SECRET). */
  ALTCHA_HMAC_KEY: z.string().min(32, 'must be at least 32 characters').optional().or(z.literal('').transform(() => undefined)),
  /** PBKDF2 iterations per try of an ALTCHA challenge (about 5000 tries on average); 2000 solves in about a second on 2 cores. */
  ALTCHA_COST: z.coerce.number().int().min(1).max(1_000_000).default(1300),
  /** reCAPTCHA v3's key pair: with both, the human check is the third-party chain (v3 first). */
  RECAPTCHA_V3_SITE_KEY: optionalKey,
  RECAPTCHA_V3_SECRET: optionalKey,
  /** reCAPTCHA v2 invisible's key pair (a different pair from v3's): the chain's second step. */
  RECAPTCHA_V2_SITE_KEY: optionalKey,
  RECAPTCHA_V2_SECRET: optionalKey,
  /** hCaptcha's site key and secret: the chain's last step, and a mirror site's only one. */
  HCAPTCHA_SITE_KEY: optionalKey,
  HCAPTCHA_SECRET: optionalKey,
  /** reCAPTCHA v3's lowest passing score; below it the form goes on to v2. */
  CAPTCHA_V3_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  /** `true`: this site is a mirror: the human check starts at hCaptcha (without hCaptcha keys it stays ALTCHA). */
  MIRROR_SITE: z
    .enum(['true', 'false', ''])
    .optional()
    .transform((value) => value === 'true'),
  /** Where reCAPTCHA answers are verified (`https://www.recaptcha.net/recaptcha/api/siteverify` where Google is blocked). */
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  /** Where hCaptcha answers are verified. */
  HCAPTCHA_VERIFY_URL: z.url().default('https://api.hcaptcha.com/siteverify'),
  /** reCAPTCHA's browser script (`https://www.recaptcha.net/recaptcha/api.js` where Google is blocked). */
  RECAPTCHA_SCRIPT_URL: z.url().default('https://www.google.com/recaptcha/api.js'),
  /** hCaptcha's browser script. */
  HCAPTCHA_SCRIPT_URL: z.url().default('https://js.hcaptcha.com/1/api.js'),
  /** Who takes card payments: the offline sandbox processor (default) or Stripe. */
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  /** The sandbox in production: `auto` (only on a loopback SITE_URL), `on` or `off`. */
  PAYMENTS_SANDBOX: z.enum(['auto', 'on', 'off']).default('auto'),
  /** Stripe's secret key (`sk_live_…`, `sk_test_…` or a restricted `rk_…`), for PAYMENTS_PROVIDER=stripe. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(live|test)_[A-Za-z0-9]+$/, 'must be a Stripe secret key (sk_live_…, sk_test_…, rk_…)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Stripe's publishable key (`pk_live_…`, `pk_test_…`), for Stripe.js on the checkout page (read at run time, not inlined at build). */
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(live|test)_[A-Za-z0-9]+$/, 'must be a Stripe publishable key (pk_live_…, pk_test_…)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Signs the sandbox's webhook events (`npm start` generates one into the data folder). */
  SANDBOX_WEBHOOK_SECRET: z.string().min(16).optional().or(z.literal('').transform(() => undefined)),
  /** Stripe's webhook signing secret (`whsec_…`) for POST /api/veilgate/purchase/stripe. */
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional().or(z.literal('').transform(() => undefined)),
  /** Test options of the sandbox's webhook sender: `delay=<ms>,copies=<n>,shuffle`. */
  /** The sandbox processor's ledger database (its own connection); unset, the site's DATABASE_URL. */
  SANDBOX_LEDGER_URL: z.string().min(1).optional().or(z.literal('').transform(() => undefined)),
  SANDBOX_WEBHOOK_TEST: z.string().regex(/^(?:(?:delay=\d+|copies=\d+|shuffle)(?:,|$))*$/, 'delay=<ms>,copies=<n>,shuffle').optional(),
  /** `available`: the sandbox acts as a device that offers Apple Pay and Google Pay (tests, demos); unset: the browser is asked. */
  SANDBOX_WALLETS: z.enum(['available']).optional().or(z.literal('').transform(() => undefined)),
  /** The sandbox's bitcoin price in US dollars: a crypto invoice's total in BTC. */
  SANDBOX_BTC_USD: z.coerce.number().positive().max(100_000_000).default(60000),
  /** Seconds the sandbox's coins take to confirm once an invoice is paid. */
  SANDBOX_CRYPTO_CONFIRM_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  /** Days after a renewal's first failed charge on which the saved method is charged again; after the last, the subscription expires. */
  RENEWAL_RETRY_DAYS: z
    .string()
    .regex(/^\s*\d{1,3}(\s*,\s*\d{1,3})*\s*$/, 'comma-separated whole days, such as 1,3,5')
    .default('1,3,5')
    .transform((value) => value.split(',').map((day) => Number(day.trim())))
    .refine((days) => days.every((day, i) => day >= 1 && day <= 60 && (i === 0 || day > days[i - 1]!)), 'days from 1 to 60, each after the one before'),
  /** Days before a renewal's charge that the customer is reminded of it (periods of a month or longer). */
  RENEWAL_REMINDER_DAYS: z.coerce.number().int().min(1).max(60).default(7),
  /** Days after an order was paid during which an admin may refund it (the 30-day money-back guarantee). */
  MONEY_BACK_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Days a referral code's owner gets each time a friend's order with the code is paid. */
  REFERRAL_REWARD_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** How long the request proxy keeps the active experiment before asking the database again. */
  EXPERIMENT_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  /** A PayPal REST app's client id: with its secret and webhook id, PayPal payments go to PayPal instead of the sandbox. */
  PAYPAL_CLIENT_ID: z.string().min(10).max(200).optional().or(z.literal('').transform(() => undefined)),
  /** The PayPal REST app's secret. */
  PAYPAL_CLIENT_SECRET: z.string().min(10).max(200).optional().or(z.literal('').transform(() => undefined)),
  /** The id of the webhook registered for POST /api/veilgate/purchase/paypal (PayPal verifies each event against it). */
  PAYPAL_WEBHOOK_ID: z.string().min(5).max(100).optional().or(z.literal('').transform(() => undefined)),
  /** PayPal's sandbox (test buyers, no money) or live. */
  PAYPAL_ENVIRONMENT: z.enum(['sandbox', 'live']).default('sandbox'),
  /** Another address for PayPal's REST API (a test double); unset, PayPal's for PAYPAL_ENVIRONMENT. */
  PAYPAL_API_URL: z.url().optional().or(z.literal('').transform(() => undefined)),
  /** Another address for Stripe's API (a test double such as stripe-mock); unset, api.stripe.com. */
  STRIPE_API_URL: z.url().optional().or(z.literal('').transform(() => undefined)),
  /** A consent manager's script (an https URL), added to every page's head; unset: none. */
  CONSENT_SCRIPT_URL: z
    .url()
    .refine((value) => value.startsWith('https://'), 'CONSENT_SCRIPT_URL must be an https:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** `true`: every page opens the debug logger (requests, errors, state changes; never tokens or addresses). */
  DEBUG_LOGGER: z
    .enum(['true', 'false', ''])
    .optional()
    .transform((value) => value === 'true'),
  /** An OTLP collector (http/protobuf unless OTEL_EXPORTER_OTLP_PROTOCOL says http/json): server traces, one in five, and every server error. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional().or(z.literal('').transform(() => undefined)),
  /** Sentry's DSN for browser error reports (read at run time, sent with /api/site/tags); unset: none. */
  SENTRY_DSN: z
    .url()
    .refine((value) => value.startsWith('https://') || value.startsWith('http://localhost') || value.startsWith('http://127.0.0.1'), 'SENTRY_DSN must be an https:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** A Google Tag Manager container (`GTM-…`), loaded only after a visitor's "Accept all"; unset: none. */
  GTM_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]{4,12}$/, 'GTM_ID looks like GTM-XXXXXXX')
    .optional()
    .or(z.literal('').transform(() => undefined)),
})

/** Half a captcha key pair stops start-up, naming the missing variable. */
const checked = schema.superRefine((value, ctx) => {
  for (const { missing, message } of halfCaptchaPairs(value)) ctx.addIssue({ code: 'custom', path: [missing], message })
})

export type Env = z.infer<typeof checked>

let cached: Env | undefined

export function env(): Env {
  if (!cached) {
    const parsed = checked.safeParse(process.env)
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
      throw new Error(`Invalid environment: ${problems}`)
    }
    cached = parsed.data
  }
  return cached
}

/** Tests that change process.env read it again. */
export function resetEnv(): void {
  cached = undefined
}
