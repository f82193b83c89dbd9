// Password reset: the link by e-mail, and setting a new password with it once.
import type { Payload, PayloadRequest } from 'payload'
import { securityNow } from '@/lib/clock'
import { apiError } from '@/lib/http'
import { ownerInputs, tooWeak } from '@/lib/validation/auth'
import { sendEmail } from '@/services/email/send'
import { inTransaction, sql } from '@/services/db'
import { findCustomerByEmail, siteUrl } from './accounts'
import { revokeAllSessions } from './revoke'
import { createSession } from './sessions'
import { hashToken, newToken } from './tokens'

/** How long the link of a password reset works (the e-mail says so). */
export const PASSWORD_RESET_MINUTES = 60

/**
 * `password-reset/`: when an account uses `email` (and is not blocked), a one-time link to choose a
 * new password goes to it, and any older link of the account stops working. The answer is the same
 * whether or not the address is known, so nobody learns which addresses have an account.
 */
export async function requestPasswordReset(payload: Payload, email: string): Promise<void> {
  const customer = await findCustomerByEmail(payload, email)
  if (!customer || customer.state === 'banned' || customer.deletedAt) return
  const token = newToken()
  const at = securityNow()
  await inTransaction(payload, async ({ req, run }) => {
    await run(sql`update customer_tokens set used_at = ${at.toISOString()} where customer_id = ${customer.id} and purpose = 'password-reset' and used_at is null`)
    await payload.create({
      collection: 'customer-tokens',
      overrideAccess: true,
      req,
      data: { customer: customer.id, purpose: 'password-reset', tokenHash: hashToken(token), expiresAt: new Date(at.getTime() + PASSWORD_RESET_MINUTES * 60_000).toISOString() },
    })
    await sendEmail(
      {
        template: 'password-reset',
        to: customer.email,
        locale: customer.locale,
        timezone: customer.timezone,
        data: { url: siteUrl(customer.locale, '/reset-password', { token }), minutes: PASSWORD_RESET_MINUTES },
      },
      { payload, req: req as PayloadRequest },
    )
  })
}

/** The customer a reset link is for, while it works (unused, unexpired); otherwise 401 EXPIRED_SESSION. */
async function linkOwner(payload: Payload, token: string) {
  const found = await payload.find({
    collection: 'customer-tokens',
    where: { and: [{ tokenHash: { equals: hashToken(token) } }, { purpose: { equals: 'password-reset' } }, { usedAt: { exists: false } }, { expiresAt: { greater_than: securityNow().toISOString() } }] },
    limit: 1,
    depth: 1,
    overrideAccess: true,
  })
  const customer = found.docs[0]?.customer
  if (!customer || typeof customer !== 'object') throw apiError('EXPIRED_SESSION', 'token')
  return customer
}

/**
 * `password-reset/confirm/`: the link's token, used once (compare-and-set), sets the new password.
 * In one transaction: the lock of failed sign-ins is lifted (the lockout e-mail leads here), an
 * unconfirmed address counts as confirmed (the link reached its inbox), every session and every
 * other reset link ends, `password-changed` is queued, and a new session is opened for the
 * browser that made the change. A weak password (the owner's address counted as known) leaves
 * the link usable.
 */
export async function resetPassword(payload: Payload, input: { token: string; password: string }, meta: { userAgent?: string | null } = {}): Promise<string> {
  const owner = await linkOwner(payload, input.token)
  if (owner.state === 'banned') throw apiError('ACCOUNT_BANNED')
  if (tooWeak(input.password, ownerInputs(owner.email ?? ''))) throw apiError('PASSWORD_BAD', 'password')
  return inTransaction(payload, async ({ req, run }) => {
    const at = securityNow()
    const used = await run<{ customer_id: number }>(sql`
      update customer_tokens set used_at = ${at.toISOString()}
       where token_hash = ${hashToken(input.token)} and purpose = 'password-reset' and used_at is null and expires_at > ${at.toISOString()}
       returning customer_id`)
    if (used[0]?.customer_id !== owner.id) throw apiError('EXPIRED_SESSION', 'token')
    await run(sql`update customer_tokens set used_at = ${at.toISOString()} where customer_id = ${owner.id} and purpose = 'password-reset' and used_at is null`)
    const confirmed = owner.state === 'notConfirmed' ? { state: 'active' as const, confirmedAt: owner.confirmedAt ?? at.toISOString() } : {}
    await payload.update({ collection: 'customers', id: owner.id, data: { password: input.password, hasPassword: true, ...confirmed }, overrideAccess: true, depth: 0, req })
    await run(sql`update customers set login_attempts = 0, lock_until = null where id = ${owner.id}`)
    await revokeAllSessions(payload, owner.id, req)
    await sendEmail(
      { template: 'password-changed', to: owner.email, locale: owner.locale, timezone: owner.timezone, data: { at, url: siteUrl(owner.locale, '/forgot-password') } },
      { payload, req: req as PayloadRequest },
    )
    return createSession(payload, owner.id, { userAgent: meta.userAgent, req })
  })
}
