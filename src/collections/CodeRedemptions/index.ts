import type { CollectionConfig } from 'payload'
import { isAdmin } from '@/access'

/**
 * Each gift or bonus code a customer redeemed in the account area, and what it added. One row per
 * customer and code (a unique index), so an extra-days code counts once per customer however
 * often, or however concurrently, it is sent. Written by `src/services/account/redeem.ts` only.
 */
export const CodeRedemptions: CollectionConfig = {
  slug: 'code-redemptions',
  labels: { singular: 'Code redemption', plural: 'Code redemptions' },
  admin: { group: 'Customers', useAsTitle: 'code', defaultColumns: ['code', 'kind', 'customer', 'plan', 'days', 'redeemedAt'] },
  access: { read: isAdmin, create: () => false, update: () => false, delete: isAdmin },
  indexes: [{ fields: ['customer', 'code'], unique: true }],
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
      ],
      admin: { readOnly: true },
    },
    { name: 'plan', type: 'text', admin: { readOnly: true, description: 'The plan a gift code added' } },
    { name: 'days', type: 'number', required: true, min: 0, admin: { readOnly: true } },
    { name: 'subscription', type: 'relationship', relationTo: 'subscriptions', admin: { readOnly: true } },
    { name: 'redeemedAt', type: 'date', required: true, admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } } },
  ],
}
