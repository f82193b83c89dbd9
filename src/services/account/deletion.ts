// Deleting an account: the customer's confirmation, then one transaction that anonymises what must be kept.
import { randomBytes } from 'node:crypto'
import type { Payload } from 'payload'
import { z } from 'zod'
import { now } from '@/lib/clock'
import { env } from '@/lib/env'
import { apiError } from '@/lib/http'
import { email, enteredPassword } from '@/lib/validation/auth'
import type { Customer } from '@/payload-types'
import { verifyPassword } from '@/services/auth/accounts'
import { inTransaction, sql } from '@/services/db'
import type { SubscriptionStatus } from '@/services/subscriptions/states'
import { transition } from '@/services/subscriptions/subscriptions'
import { kickRenewalCancel, queueRenewalCancel } from './renewal-cancel'

/** `{ password }`, or `{ email }` typed out by an account that has no password. */
export const deleteInput = z.union([z.strictObject({ password: enteredPassword }), z.strictObject({ email })], { error: 'REQUIRED' })

/** The anonymous address a deleted account keeps: unique, never deliverable (`.invalid`). */
export const anonymousAddress = (customerId: number) => `deleted-${customerId}-${randomBytes(6).toString('hex')}@deleted.invalid`

/** Steps of the deletion, named so a test can make one fail and see that nothing changed. */
export type DeletionStep = 'renewals' | 'sessions' | 'tokens' | 'devices' | 'outbox' | 'orders' | 'customer'

/**
 * Deletes the account in one transaction: every auto-renewal off; all sessions and one-time tokens
 * ended; devices, marketing consent, messages to the address (sent or waiting) removed; the e-mail
 * replaced by an anonymous placeholder, so the address can register again. Orders, payment
 * attempts, subscriptions and code redemptions stay, linked to the anonymous record (amounts,
 * dates, country, card brand and last four), until `retainUntil` (ORDER_RETENTION_YEARS). A
 * failure anywhere rolls everything back. The renewals stop at the payment provider afterwards,
 * through the `cancelRenewals` job queued in the same transaction. `failAt` is for tests only.
 */
export async function deleteAccount(payload: Payload, customer: Customer, input: z.infer<typeof deleteInput>, options: { failAt?: DeletionStep } = {}): Promise<{ deleted: true }> {
  if ('password' in input) {
    if (customer.hasPassword === false) throw apiError('INVALID_INPUT', 'email')
    await verifyPassword(payload, customer.id, input.password)
  } else if (customer.hasPassword !== false || input.email !== customer.email) {
    // An account with a password confirms with it; one without types its address exactly.
    throw apiError('INVALID_INPUT', 'email')
  }
  const at = now()
  const stamp = at.toISOString()
  const retainUntil = new Date(at)
  retainUntil.setUTCFullYear(retainUntil.getUTCFullYear() + env().ORDER_RETENTION_YEARS)
  const placeholder = anonymousAddress(customer.id)
  const address = customer.email ?? null
  const step = (name: DeletionStep) => {
    if (options.failAt === name) throw new Error(`deletion stopped before ${name} (test)`)
  }

  await inTransaction(payload, async ({ req, run }) => {
    step('renewals')
    // Locked for the transaction, then each switched off through the subscription state helper.
    const renewing = await run<{ id: number; status: SubscriptionStatus; provider_ref: string | null }>(sql`
      select id, status, provider_ref from subscriptions where customer_id = ${customer.id} and auto_renew is true for update`)
    for (const subscription of renewing) {
      await transition(payload, subscription.id, [subscription.status], null, { autoRenew: false, nextRenewalAt: null, nextRenewalAmount: null }, { at, run })
    }
    // The provider is told after the commit, by a retried job queued in this transaction.
    await queueRenewalCancel(payload, [...new Set(renewing.flatMap((row) => (row.provider_ref ? [row.provider_ref] : [])))], req)
    step('sessions')
    await run(sql`update customer_sessions set revoked_at = ${stamp}, updated_at = ${stamp} where customer_id = ${customer.id} and revoked_at is null`)
    step('tokens')
    await run(sql`update customer_tokens set used_at = ${stamp}, updated_at = ${stamp} where customer_id = ${customer.id} and used_at is null`)
    step('devices')
    await run(sql`delete from devices where customer_id = ${customer.id}`)
    // The newsletter subscription of the address goes with it (an account bought with a number has neither).
    if (address) await run(sql`delete from subscribers where email = ${address.toLowerCase()}`)
    step('outbox')
    if (address) {
      await run(sql`delete from outbox where lower("to") = ${address}`)
      await run(sql`delete from payload_jobs where task_slug = 'sendEmail' and completed_at is null and lower(input->>'to') = ${address}`)
    }
    step('orders')
    // Guest orders under the same address are the same person's: they join the anonymous record.
    await run(sql`
      update orders set email = ${placeholder}, receive_marketing_emails = false, customer_id = ${customer.id}, updated_at = ${stamp}
       where customer_id = ${customer.id} or email = ${address}`)
    step('customer')
    await payload.update({
      collection: 'customers',
      id: customer.id,
      overrideAccess: true,
      depth: 0,
      req,
      data: {
        email: placeholder,
        // An account number goes too: nobody can sign in with it again.
        username: null,
        // A password nobody knows: the anonymous record can never sign in.
        password: randomBytes(32).toString('base64url'),
        hasPassword: false,
        marketingConsent: false,
        marketingConsentAt: null,
        marketingConsentWording: null,
        deletedAt: stamp,
        retainUntil: retainUntil.toISOString(),
      },
    })
  })
  kickRenewalCancel(payload)
  return { deleted: true }
}
