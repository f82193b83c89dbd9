// Customer identity: sign-up, sign-in, confirmation, lockout and bans, password change and the e-mail change's confirmation.
import { pbkdf2, randomBytes } from 'node:crypto'
import { promisify } from 'node:util'
import type { Payload, PayloadRequest } from 'payload'
import { isLocaleCode } from '@/i18n/locales'
import { loadMessages } from '@/i18n/messages'
import { localizePath } from '@/i18n/paths'
import { realNow, securityNow } from '@/lib/clock'
import { env } from '@/lib/env'
import { apiError } from '@/lib/http'
import { accountNumberOf, isAccountNumber, newAccountNumber, typedSecret } from '@/lib/validation/account-number'
import { newAccountSecret } from './account-secret'
import type { LoginInput, RegisterInput } from '@/lib/validation/auth'
import type { Customer } from '@/payload-types'
import { sendEmail } from '@/services/email/send'
import { inTransaction as dbTransaction, isUniqueViolation, query, sql, type Transaction } from '@/services/db'
import { AUTH_SERVICE_CONTEXT, revokeAllSessions } from './revoke'
import { createSession } from './sessions'
import { hashToken, newToken } from './tokens'

/** The wording a customer agreed to when they ticked the marketing box (spec section 5). */
export const MARKETING_CONSENT_WORDING = 'I agree to receive marketing emails'
const CONFIRM_TOKEN_DAYS = 7
const CONFIRM_RESEND_MS = 15 * 60_000

const pbkdf2Async = promisify(pbkdf2)
/** Work as long as checking a real password (Payload: PBKDF2-SHA256, 600 000 rounds). */
const DUMMY_SALT = randomBytes(32).toString('hex')
const hashLikePayload = (password: string) => pbkdf2Async(password, DUMMY_SALT, 600_000, 32, 'sha256')

/** An absolute link on SITE_URL to a page in the customer's language. */
export function siteUrl(locale: string, path: string, query: Record<string, string> = {}): string {
  const url = new URL(localizePath(locale, path), env().SITE_URL)
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value)
  return url.toString()
}

export async function findCustomerByEmail(payload: Payload, email: string): Promise<Customer | undefined> {
  const found = await payload.find({
    collection: 'customers',
    where: { email: { equals: email.trim().toLowerCase() } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
    showHiddenFields: true,
  })
  return found.docs[0]
}

/** The account a number names (its `username`). */
export async function findCustomerByNumber(payload: Payload, number: string): Promise<Customer | undefined> {
  const found = await payload.find({ collection: 'customers', where: { username: { equals: number } }, limit: 1, depth: 0, overrideAccess: true, showHiddenFields: true })
  return found.docs[0]
}

/** An account made by a purchase without an e-mail: its record, its number and its one-time secret (shown once, kept only hashed). */
export type NumberAccount = { customer: Customer; number: string; secret: string }

/**
 * Makes an account with a new random number and secret: the secret is its Payload password
 * (hashed), nothing else keeps it. A number already taken (one in 10^15 per account) draws again.
 */
export async function createNumberAccount(payload: Payload, input: { locale: string }, req?: Partial<PayloadRequest>): Promise<NumberAccount> {
  for (let attempt = 1; ; attempt++) {
    const number = newAccountNumber()
    const secret = newAccountSecret()
    try {
      const customer = await payload.create({
        collection: 'customers',
        overrideAccess: true,
        depth: 0,
        req,
        // No address to confirm: the account is active from the start, and nothing is ever e-mailed.
        data: { username: number, password: secret, hasPassword: true, state: 'active', source: 'checkout', locale: (isLocaleCode(input.locale) ? input.locale : 'en') as Customer['locale'], timezone: '+0000' },
      })
      return { customer, number, secret }
    } catch (error) {
      if (attempt < 5 && isUniqueViolation(error)) continue
      throw error
    }
  }
}

// Payload writes `lockUntil` on the machine's time.
const isLocked = (customer: Pick<Customer, 'lockUntil'>) => Boolean(customer.lockUntil && new Date(customer.lockUntil).getTime() > realNow().getTime())

/** Runs `work` in one database transaction (customer, session, token and e-mail job land together or not at all). */
async function inTransaction<T>(payload: Payload, work: (req: Partial<PayloadRequest>) => Promise<T>): Promise<T> {
  const transactionID = (await payload.db.beginTransaction()) ?? undefined
  const req: Partial<PayloadRequest> = { payload, transactionID, context: {} }
  try {
    const result = await work(req)
    if (transactionID) await payload.db.commitTransaction(transactionID)
    return result
  } catch (error) {
    if (transactionID) await payload.db.rollbackTransaction(transactionID)
    throw error
  }
}

/** Stores a one-time confirmation token and queues `confirm-address` with its link. */
export async function sendConfirmation(payload: Payload, customer: Customer, req?: Partial<PayloadRequest>): Promise<void> {
  const token = newToken()
  const at = securityNow()
  await payload.create({
    collection: 'customer-tokens',
    overrideAccess: true,
    req,
    data: {
      customer: customer.id,
      purpose: 'confirm',
      tokenHash: hashToken(token),
      expiresAt: new Date(at.getTime() + CONFIRM_TOKEN_DAYS * 86_400_000).toISOString(),
    },
  })
  await payload.update({ collection: 'customers', id: customer.id, data: { confirmSentAt: at.toISOString() }, overrideAccess: true, req, depth: 0 })
  await sendEmail(
    { template: 'confirm-address', to: customer.email, locale: customer.locale, timezone: customer.timezone, data: { url: siteUrl(customer.locale, '/confirm-email', { token }), signsIn: customer.hasPassword === false } },
    { payload, req: req as PayloadRequest | undefined },
  )
}

/** Re-sends the confirmation at most once in 15 minutes (compare-and-set on `confirmSentAt`). */
async function resendConfirmation(payload: Payload, customer: Customer): Promise<void> {
  const at = securityNow()
  const claimed = await query(
    payload,
    `update customers set confirm_sent_at = $2 where id = $1 and (confirm_sent_at is null or confirm_sent_at < $3) returning id`,
    [customer.id, at.toISOString(), new Date(at.getTime() - CONFIRM_RESEND_MS).toISOString()],
  )
  if (claimed.length) await sendConfirmation(payload, customer)
}

/** Queues `lockout-notice` once per lock (compare-and-set on `lockNoticeFor`). */
async function noticeLockout(payload: Payload, customerId: number): Promise<void> {
  const rows = await query<{ lock_until: Date }>(
    payload,
    `update customers set lock_notice_for = lock_until
      where id = $1 and lock_until > now() and lock_notice_for is distinct from lock_until
      returning lock_until`,
    [customerId],
  )
  const lock = rows[0]
  if (!lock) return
  const customer = await payload.findByID({ collection: 'customers', id: customerId, depth: 0, overrideAccess: true })
  await sendEmail(
    {
      template: 'lockout-notice',
      to: customer.email,
      locale: customer.locale,
      timezone: customer.timezone,
      data: { url: siteUrl(customer.locale, '/forgot-password'), until: new Date(lock.lock_until) },
    },
    { payload },
  )
}

/**
 * Checks the password through Payload (its hash, its attempt counter and lock) with our
 * service's mark, which alone lets the customers' login operation run.
 */
async function checkPassword(payload: Payload, customer: Customer, password: string): Promise<void> {
  // An account without an address signs in by its number, its secret compared as normalized.
  const byNumber = !customer.email && isAccountNumber(customer.username)
  try {
    await payload.login({
      collection: 'customers',
      data: byNumber ? { username: customer.username!, password: typedSecret(password) } : { email: customer.email!, password },
      overrideAccess: true,
      depth: 0,
      context: { [AUTH_SERVICE_CONTEXT]: true },
    })
  } catch (error) {
    // Payload answers a wrong password and a locked account alike (401; its error classes may
    // come from another copy of the module in the server bundle): the account's lock decides.
    if ((error as { status?: number }).status !== 401) throw error
    const after = await payload.findByID({ collection: 'customers', id: customer.id, depth: 0, overrideAccess: true, showHiddenFields: true })
    if (isLocked(after)) {
      // This attempt (or a parallel one) locked the account: say so, and tell the owner once.
      await noticeLockout(payload, customer.id)
      throw apiError('LOGIN_ATTEMPTS_EXCEEDED')
    }
    throw apiError('INVALID_USERNAME_OR_PASSWORD')
  }
}

/** The customer's password, checked with the lock and attempt counter of sign-in (a locked account: 423). */
export async function verifyPassword(payload: Payload, customerId: number, password: string): Promise<void> {
  const customer = await payload.findByID({ collection: 'customers', id: customerId, depth: 0, overrideAccess: true, showHiddenFields: true })
  if (isLocked(customer)) throw apiError('LOGIN_ATTEMPTS_EXCEEDED')
  await checkPassword(payload, customer, password)
}

/** `login/`: the order of the checks is the spec's; the account's state is told only after the right password. */
export async function login(payload: Payload, input: LoginInput, meta: { userAgent?: string | null } = {}): Promise<string> {
  const customer = isAccountNumber(input.username) ? await findCustomerByNumber(payload, input.username) : await findCustomerByEmail(payload, input.username)
  if (!customer) {
    await hashLikePayload(input.password)
    throw apiError('INVALID_USERNAME_OR_PASSWORD')
  }
  if (customer.hasPassword === false) throw apiError('EMAIL_ALREADY_USED_FOR_LOGIN')
  if (isLocked(customer)) throw apiError('LOGIN_ATTEMPTS_EXCEEDED')
  await checkPassword(payload, customer, input.password)
  if (customer.state === 'banned') throw apiError('ACCOUNT_BANNED')
  if (customer.state === 'notConfirmed') {
    const graceEnds = new Date(customer.createdAt).getTime() + env().CONFIRM_GRACE_DAYS * 86_400_000
    if (securityNow().getTime() > graceEnds) {
      await resendConfirmation(payload, customer)
      throw apiError('ACCOUNT_NOT_CONFIRMED')
    }
  }
  return createSession(payload, customer.id, { userAgent: meta.userAgent })
}

/**
 * `register/`: a new, signed-in, not yet confirmed account and its confirmation e-mail, in one
 * transaction, or inside `outer` (with what else that transaction does: `purchase/redeem/`'s
 * code), so both land together or neither. Returns the account and its session token.
 */
export async function register(payload: Payload, input: RegisterInput, meta: { userAgent?: string | null } = {}, outer?: Transaction): Promise<{ customer: Customer; token: string }> {
  if (await findCustomerByEmail(payload, input.username)) throw apiError('ALREADY_IN_USE', 'username')
  const at = securityNow().toISOString()
  const locale = input.locale ?? 'en'
  const wording = input.marketingConsent ? await consentWording(locale) : null
  const work = async (req: Partial<PayloadRequest>) => {
    const customer = await payload.create({
      collection: 'customers',
      overrideAccess: true,
      req,
      data: {
        email: input.username,
        password: input.password,
        hasPassword: true,
        state: 'notConfirmed',
        source: 'signup',
        locale,
        timezone: input.timezone,
        marketingConsent: input.marketingConsent,
        ...(wording ? { marketingConsentAt: at, marketingConsentWording: wording } : {}),
      },
    })
    const token = await createSession(payload, customer.id, { userAgent: meta.userAgent, req })
    await sendConfirmation(payload, customer, req)
    return { customer, token }
  }
  try {
    return await (outer ? work(outer.req) : inTransaction(payload, work))
  } catch (error) {
    // Two sign-ups with one address at once: the second finds it taken.
    if (isUniqueViolation(error) && (await findCustomerByEmail(payload, input.username))) throw apiError('ALREADY_IN_USE', 'username')
    throw error
  }
}

/**
 * An account made without a password (at checkout, by an admin): Payload requires one, so it
 * gets 32 random bytes nobody sees, and `hasPassword: false` (login/ then answers
 * EMAIL_ALREADY_USED_FOR_LOGIN until the owner sets one).
 */
export async function createPasswordlessCustomer(
  payload: Payload,
  input: { email: string; locale?: string; timezone?: string; source: 'checkout' | 'admin'; consent?: Consent | null },
  req?: Partial<PayloadRequest>,
): Promise<Customer> {
  return payload.create({
    collection: 'customers',
    overrideAccess: true,
    req,
    data: {
      email: input.email.trim().toLowerCase(),
      password: randomBytes(32).toString('base64url'),
      hasPassword: false,
      state: 'notConfirmed',
      source: input.source,
      locale: (input.locale ?? 'en') as Customer['locale'],
      timezone: input.timezone ?? '+0000',
      ...consentFields(input.consent),
    },
  })
}

/** Marketing consent as shown and given: the wording in the buyer's language, and when. */
export type Consent = { granted: boolean; at: string; wording: string }
export const consentFields = (consent: Consent | null | undefined) =>
  consent ? { marketingConsent: consent.granted, ...(consent.granted ? { marketingConsentAt: consent.at, marketingConsentWording: consent.wording } : {}) } : {}

/** The consent checkbox's text as the buyer saw it (`Checkout.marketingConsent` in their locale). */
export async function consentWording(locale: string): Promise<string> {
  const messages = (await loadMessages(isLocaleCode(locale) ? locale : 'en')) as { Checkout?: { marketingConsent?: string } }
  return messages.Checkout?.marketingConsent ?? MARKETING_CONSENT_WORDING
}

/**
 * `confirm/`: uses a one-time token once. A `confirm` token marks the address confirmed; an
 * `email-change` token moves the account to the address it was sent to (still free, else 409
 * ALREADY_IN_USE and the token stays usable), which is confirmed by that. One transaction.
 */
export async function confirm(payload: Payload, token: string, meta: { userAgent?: string | null } = {}): Promise<string | null> {
  return dbTransaction(payload, async ({ req, run }) => {
    const at = securityNow().toISOString()
    const rows = await run<{ customer_id: number; purpose: string; new_email: string | null }>(sql`
      update customer_tokens set used_at = ${at}
       where token_hash = ${hashToken(token)} and purpose in ('confirm', 'email-change') and used_at is null and expires_at > ${at}
       returning customer_id, purpose, new_email`)
    const used = rows[0]
    if (!used) throw apiError('EXPIRED_SESSION')
    const customer = await payload.findByID({ collection: 'customers', id: used.customer_id, depth: 0, overrideAccess: true, req })
    const confirmed = { confirmedAt: customer.confirmedAt ?? at, ...(customer.state === 'notConfirmed' ? { state: 'active' as const } : {}) }
    if (used.purpose !== 'email-change' || !used.new_email) {
      await payload.update({ collection: 'customers', id: customer.id, overrideAccess: true, depth: 0, req, data: confirmed })
      // An account without a password (made by a purchase) has no other way in: its confirmation
      // link proves the inbox as a fast-login link does, and signs its owner in.
      return customer.hasPassword === false ? createSession(payload, customer.id, { kind: 'access', userAgent: meta.userAgent, req }) : null
    }
    const taken = await findCustomerByEmail(payload, used.new_email)
    if (taken && taken.id !== customer.id) throw apiError('ALREADY_IN_USE', 'email')
    try {
      // The address the link was sent to is proven: it is confirmed as it becomes the account's.
      await payload.update({ collection: 'customers', id: customer.id, overrideAccess: true, depth: 0, req, data: { ...confirmed, confirmedAt: at, email: used.new_email } })
    } catch (error) {
      if (isUniqueViolation(error)) throw apiError('ALREADY_IN_USE', 'email')
      throw error
    }
    // Other pending changes of this account are void now.
    await run(sql`update customer_tokens set used_at = ${at} where customer_id = ${customer.id} and purpose = 'email-change' and used_at is null`)
    return null
  })
}

/** How long the link of an e-mail change works. */
const EMAIL_CHANGE_TOKEN_DAYS = 7

/**
 * `account/email/`: after the password, a link goes to the new address (`confirm-address`, an
 * `email-change` token) and a notice to the current one (`email-change-notice`); the address in
 * force changes only through `confirm/`. A newer request voids an older one. A taken address:
 * 409 ALREADY_IN_USE; the account's own: 400 INVALID_INPUT.
 */
export async function requestEmailChange(payload: Payload, customerId: number, input: { password: string; email: string }): Promise<{ pendingEmail: string }> {
  const customer = await payload.findByID({ collection: 'customers', id: customerId, depth: 0, overrideAccess: true, showHiddenFields: true })
  const email = input.email.trim().toLowerCase()
  if (isLocked(customer)) throw apiError('LOGIN_ATTEMPTS_EXCEEDED')
  if (customer.hasPassword === false) throw apiError('INVALID_USERNAME_OR_PASSWORD', 'password')
  await checkPassword(payload, customer, input.password)
  if (email === customer.email) throw apiError('INVALID_INPUT', 'email')
  if (await findCustomerByEmail(payload, email)) throw apiError('ALREADY_IN_USE', 'email')
  const token = newToken()
  const at = securityNow()
  await inTransaction(payload, async (req) => {
    await payload.update({
      collection: 'customer-tokens',
      where: { and: [{ customer: { equals: customer.id } }, { purpose: { equals: 'email-change' } }, { usedAt: { exists: false } }] },
      data: { usedAt: at.toISOString() },
      overrideAccess: true,
      depth: 0,
      req,
    })
    await payload.create({
      collection: 'customer-tokens',
      overrideAccess: true,
      req,
      data: { customer: customer.id, purpose: 'email-change', newEmail: email, tokenHash: hashToken(token), expiresAt: new Date(at.getTime() + EMAIL_CHANGE_TOKEN_DAYS * 86_400_000).toISOString() },
    })
    const common = { locale: customer.locale, timezone: customer.timezone }
    await sendEmail({ template: 'confirm-address', to: email, ...common, data: { url: siteUrl(customer.locale, '/confirm-email', { token }) } }, { payload, req: req as PayloadRequest })
    await sendEmail(
      { template: 'email-change-notice', to: customer.email, ...common, data: { newEmail: email, at, url: siteUrl(customer.locale, '/my-account/settings') } },
      { payload, req: req as PayloadRequest },
    )
  })
  return { pendingEmail: email }
}

/** The address an e-mail change waits to be confirmed for, if any. */
export async function pendingEmail(payload: Payload, customerId: number): Promise<string | null> {
  const found = await payload.find({
    collection: 'customer-tokens',
    where: { and: [{ customer: { equals: customerId } }, { purpose: { equals: 'email-change' } }, { usedAt: { exists: false } }, { expiresAt: { greater_than: securityNow().toISOString() } }] },
    sort: '-createdAt',
    limit: 1,
    depth: 0,
    overrideAccess: true,
  })
  return found.docs[0]?.newEmail ?? null
}

/** `change-password/`: the current password, then the new one; every other session ends. */
export async function changePassword(
  payload: Payload,
  signedIn: { customer: Customer; sessionId: number },
  input: { password: string; newPassword: string },
): Promise<void> {
  const customer = await payload.findByID({ collection: 'customers', id: signedIn.customer.id, depth: 0, overrideAccess: true, showHiddenFields: true })
  if (isLocked(customer)) throw apiError('LOGIN_ATTEMPTS_EXCEEDED')
  if (customer.hasPassword !== false) await checkPassword(payload, customer, input.password)
  const at = securityNow()
  await inTransaction(payload, async (req) => {
    await payload.update({ collection: 'customers', id: customer.id, data: { password: input.newPassword, hasPassword: true }, overrideAccess: true, req, depth: 0 })
    await revokeAllSessions(payload, customer.id, req, signedIn.sessionId)
    await sendEmail(
      {
        template: 'password-changed',
        to: customer.email,
        locale: customer.locale,
        timezone: customer.timezone,
        data: { at, url: siteUrl(customer.locale, '/forgot-password') },
      },
      { payload, req: req as PayloadRequest },
    )
  })
}

/** What `user-info/` tells a signed-in customer about themselves. */
export function userInfo(customer: Customer) {
  return {
    id: customer.id,
    // An account bought without an e-mail is named by its number.
    username: customer.email ?? accountNumberOf(customer),
    email: customer.email ?? null,
    accountNumber: accountNumberOf(customer),
    locale: customer.locale,
    timezone: customer.timezone,
    marketingConsent: Boolean(customer.marketingConsent),
    confirmed: Boolean(customer.confirmedAt) || customer.state === 'active',
    createdAt: customer.createdAt,
  }
}
