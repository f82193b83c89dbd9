import type { CollectionConfig } from 'payload'
import { isAdmin } from '@/access'

/** Codes are kept in upper case; visitors type them in any case. */
export const normaliseCode = (value: string) => value.trim().toUpperCase()

/**
 * Bonus codes: a percent or fixed discount on the first charge, or extra days. Admins only over
 * /cms-api; visitors check a code through /api/veilgate/sales/check-new-bonus-code/.
 */
export const BonusCodes: CollectionConfig = {
  slug: 'bonus-codes',
  labels: { singular: 'Bonus code', plural: 'Bonus codes' },
  admin: { group: 'Commerce', useAsTitle: 'code', defaultColumns: ['code', 'effect', 'value', 'redemptions', 'active', 'validTo'] },
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  hooks: {
    beforeValidate: [
      ({ data }) => {
        if (data && typeof data.code === 'string') data.code = normaliseCode(data.code)
        return data
      },
    ],
  },
  fields: [
    {
      name: 'code',
      type: 'text',
      required: true,
      unique: true,
      index: true,
      validate: (value: unknown) => (typeof value === 'string' && /^[A-Z0-9_-]{3,40}$/.test(value)) || '3 to 40 letters, digits, - or _',
    },
    {
      type: 'row',
      fields: [
        {
          name: 'effect',
          type: 'select',
          required: true,
          defaultValue: 'percent',
          options: [
            { label: 'Percent off the first charge', value: 'percent' },
            { label: 'Fixed amount off (US cents)', value: 'fixed' },
            { label: 'Extra days', value: 'days' },
          ],
        },
        { name: 'value', type: 'number', required: true, min: 1 },
      ],
    },
    { name: 'plans', type: 'relationship', relationTo: 'price-plans', hasMany: true, admin: { description: 'Empty: every plan' } },
    {
      type: 'row',
      fields: [
        { name: 'validFrom', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
        { name: 'validTo', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'maxRedemptions', type: 'number', min: 1, admin: { description: 'Empty: no limit' } },
        { name: 'redemptions', type: 'number', defaultValue: 0, min: 0, admin: { readOnly: true } },
      ],
    },
    { name: 'newCustomersOnly', type: 'checkbox', defaultValue: false },
    { name: 'owner', type: 'relationship', relationTo: 'customers', admin: { description: 'A referral code’s owner (who cannot use it)' } },
    { name: 'active', type: 'checkbox', defaultValue: true, index: true },
  ],
}
