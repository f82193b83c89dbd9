import type { Payload } from 'payload'
import { query } from '@/services/db'

/**
 * Each test file's Stripe stand-in is a new Stripe account: the Stripe ids another file's stand-in
 * gave (products kept on plans and add-ons, customers kept on accounts) mean nothing to it, as they
 * would mean nothing to another real account. Forgotten before the file starts.
 */
export async function forgetStripeIds(payload: Payload): Promise<void> {
  await query(payload, `update price_plans set stripe_product_id = null where stripe_product_id is not null`)
  await query(payload, `update add_ons set stripe_product_id = null where stripe_product_id is not null`)
  await query(payload, `update customers set stripe_customer_id = null where stripe_customer_id is not null`)
}
