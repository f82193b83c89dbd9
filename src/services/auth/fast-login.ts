// Fast login: a one-time link and six-digit code by e-mail, and the autologin token after buying.
import { randomInt, timingSafeEqual } from 'node:crypto'
import type { Payload, PayloadRequest } from 'payload'
import { securityNow } from '@/lib/clock'
import { apiError } from '@/lib/http'
import { sendEmail } from '@/services/email/send'
import { inTransaction, query, sql } from '@/services/db'
import { findCustomerByEmail, siteUrl } from './accounts'
import { createSession } from './sessions'
import { hashToken, newToken } from './tokens'

/** How long the link and code of a fast login work (the e-mail says so). */
export const FAST_LOGIN_MINUTES = 15
/** Wrong codes a fast login takes before it stops working. */
export const FAST_LOGIN_CODE_TRIES = 5
/** How long a link made by `autologin-url/` works. */
export const AUTOLOGIN_SECONDS = 120

/** Six digits, as the e-mail shows them. */
export const FAST_LOGIN_CODE = /^\d{6}$/

/** The stored form of a code: its hash, salted with the link's hash so that equal codes differ. */
const codeHash = (code: string, tokenHash: string) => hashToken(`${tokenHash}:${code}`)
const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/**
 * `fastlogin/`: when an account uses `email` (and is not blocked), a one-time sign-in link and a
 * six-digit code go to it, valid 15 minutes; an older pair stops working. The answer is the same
 * for every address. The timezone offset sent with it is the account's once the sign-in completes.
 */
export async function requestFastLogin(payload: Payload, input: { email: string; timezone: string }): Promise<void> {
  const customer = await findCustomerByEmail(payload, input.email)
  if (!customer || customer.state === 'banned' || customer.deletedAt) return
  const token = newToken()
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const at = securityNow()
  await inTransaction(payload, async ({ req, run }) => {
    await run(sql`update customer_tokens set used_at = ${at.toISOString()} where customer_id = ${customer.id} and purpose = 'fast-login' and used_at is null`)
    await payload.create({
      collection: 'customer-tokens',
      overrideAccess: true,
      req,
      data: {
        customer: customer.id,
        purpose: 'fast-login',
        tokenHash: hashToken(token),
        codeHash: codeHash(code, hashToken(token)),
        timezone: input.timezone,
        expiresAt: new Date(at.getTime() + FAST_LOGIN_MINUTES * 60_000).toISOString(),
      },
    })
    await sendEmail(
      {
        template: 'fast-login',
        to: customer.email,
        locale: customer.locale,
        timezone: customer.timezone,
        data: { url: siteUrl(customer.locale, '/fast-login', { token }), code, minutes: FAST_LOGIN_MINUTES },
      },
      { payload, req: req as PayloadRequest },
    )
  })
}

type Used = { customer_id: number; purpose: string; timezone: string | null }

/**
 * Opens an access session for the customer of a token just used. A fast login by e-mail proves
 * the inbox, so an unconfirmed address counts as confirmed, and the offset it was asked with
 * becomes the account's. A blocked account: 403 ACCOUNT_BANNED (the token stays unused).
 */
async function signInWith(payload: Payload, req: Partial<PayloadRequest>, used: Used, meta: { userAgent?: string | null }): Promise<string> {
  const customer = await payload.findByID({ collection: 'customers', id: used.customer_id, depth: 0, overrideAccess: true, req })
  if (customer.state === 'banned') throw apiError('ACCOUNT_BANNED')
  const at = securityNow().toISOString()
  const data = {
    ...(used.purpose === 'fast-login' && customer.state === 'notConfirmed' ? { state: 'active' as const, confirmedAt: customer.confirmedAt ?? at } : {}),
    ...(used.timezone && used.timezone !== customer.timezone ? { timezone: used.timezone } : {}),
  }
  if (Object.keys(data).length) await payload.update({ collection: 'customers', id: customer.id, data, overrideAccess: true, depth: 0, req })
  return createSession(payload, customer.id, { kind: 'access', userAgent: meta.userAgent, req })
}

/**
 * `autologin/` with `{ token }`: the link of a fast-login e-mail, or one made by `autologin-url/`,
 * used once (compare-and-set) for an access session. Used, expired or unknown: 401
 * EXPIRED_SESSION on `token`.
 */
export async function exchangeToken(payload: Payload, token: string, meta: { userAgent?: string | null } = {}): Promise<string> {
  return inTransaction(payload, async ({ req, run }) => {
    const at = securityNow().toISOString()
    const rows = await run<Used>(sql`
      update customer_tokens set used_at = ${at}
       where token_hash = ${hashToken(token)} and purpose in ('fast-login', 'autologin') and used_at is null and expires_at > ${at}
       returning customer_id, purpose, timezone`)
    if (!rows[0]) throw apiError('EXPIRED_SESSION', 'token')
    return signInWith(payload, req, rows[0], meta)
  })
}

/**
 * `autologin/` with `{ username, code }`: the code of the account's newest fast login. Every try
 * is counted before the code is compared (and stays counted), so guessing stops after
 * FAST_LOGIN_CODE_TRIES; a wrong, spent or expired code: 400 INVALID_FAST_LOGIN_CODE on `code`.
 */
export async function exchangeCode(payload: Payload, input: { email: string; code: string }, meta: { userAgent?: string | null } = {}): Promise<string> {
  const refused = () => apiError('INVALID_FAST_LOGIN_CODE', 'code')
  const customer = await findCustomerByEmail(payload, input.email)
  if (!customer) throw refused()
  const at = securityNow().toISOString()
  const tried = await query<{ id: number; token_hash: string; code_hash: string | null }>(
    payload,
    `update customer_tokens set attempts = coalesce(attempts, 0) + 1
      where customer_id = $1 and purpose = 'fast-login' and used_at is null and expires_at > $2 and coalesce(attempts, 0) < $3
      returning id, token_hash, code_hash`,
    [customer.id, at, FAST_LOGIN_CODE_TRIES],
  )
  const pending = tried[0]
  if (!pending?.code_hash || !FAST_LOGIN_CODE.test(input.code) || !sameHash(codeHash(input.code, pending.token_hash), pending.code_hash)) throw refused()
  return inTransaction(payload, async ({ req, run }) => {
    const rows = await run<Used>(sql`
      update customer_tokens set used_at = ${securityNow().toISOString()}
       where id = ${pending.id} and used_at is null and expires_at > ${securityNow().toISOString()}
       returning customer_id, purpose, timezone`)
    if (!rows[0]) throw refused()
    return signInWith(payload, req, rows[0], meta)
  })
}

/**
 * `autologin-url/`: a one-time link, valid AUTOLOGIN_SECONDS, that opens the site signed in as
 * this customer (an app hands it to the browser), going on to `next` (a path on this site).
 */
export async function autologinUrl(payload: Payload, customer: { id: number; locale: string }, next: string): Promise<{ url: string; expiresAt: string }> {
  const token = newToken()
  const expiresAt = new Date(securityNow().getTime() + AUTOLOGIN_SECONDS * 1000).toISOString()
  await payload.create({ collection: 'customer-tokens', overrideAccess: true, data: { customer: customer.id, purpose: 'autologin', tokenHash: hashToken(token), expiresAt } })
  return { url: siteUrl(customer.locale, '/autologin', { token, next }), expiresAt }
}
