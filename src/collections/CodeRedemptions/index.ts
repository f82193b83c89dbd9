import type { CollectionConfig } from 'payload'
import { isAdmin } from '@/access'

/**
 * Each gift or bonus code a customer redeemed, and what it added; and each referral reward a code's
 * owner got for a friend's order. One row per customer and code, or per customer, code and order
 * for referral rewards (two partial unique indexes, made by the migration
 * `20261129_referral_rewards`): an extra-days code counts once per customer however often, or
 * however concurrently, it is sent, and each friend's order rewards once. A referral reward
 * without a subscription waits for the owner's next paid order. Written by
 * `src/services/account/redeem.ts` only.
 */
export const CodeRedemptions: CollectionConfig = {
  slug: 'code-redemptions',
  labels: { singular: 'Code redemption', plural: 'Code redemptions' },
  admin: { group: 'Customers', useAsTitle: 'code', defaultColumns: ['code', 'kind', 'customer', 'plan', 'days', 'redeemedAt'] },
  access: { read: isAdmin, create: () => false, update: () => false, delete: isAdmin },
  fields: [
    { name: 'customer', type: 'relationship', relationTo: 'customers', required: true, index: true, admin: { readOnly: true } },
    { name: 'code', type: 'text', required: true, admin: { readOnly: true } },
    {
      name: 'kind',
      type: 'select',
      required: true,
      options: [
        { label: 'Gift code', value: 'gift' },
        { label: 'Bonus code (extra days)', value: 'bonus' },
        { label: 'Referral reward', value: 'referral' },
      ],
      admin: { readOnly: true },
    },
    { name: 'plan', type: 'text', admin: { readOnly: true, description: 'The plan a gift code added' } },
    { name: 'days', type: 'number', required: true, min: 0, admin: { readOnly: true } },
    { name: 'subscription', type: 'relationship', relationTo: 'subscriptions', admin: { readOnly: true, description: 'What the days went to; empty: a referral reward waiting for the owner’s next paid order' } },
    { name: 'order', type: 'relationship', relationTo: 'orders', index: true, admin: { readOnly: true, description: 'Referral rewards: the friend’s order that earned it' } },
    { name: 'redeemedAt', type: 'date', required: true, admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } } },
  ],
}
