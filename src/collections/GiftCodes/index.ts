import { randomInt } from 'node:crypto'
import type { CollectionConfig } from 'payload'
import { isAdmin } from '@/access'
import { normaliseCode } from '../BonusCodes'

/** Unambiguous upper-case letters and digits (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
export const GIFT_CODE_LENGTH = 16

export function newGiftCode(): string {
  let code = ''
  for (let i = 0; i < GIFT_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)]
  return code
}

/**
 * Gift codes: a plan (and add-ons) given away, redeemed once. Made at random when left empty.
 * Admins only over /cms-api; visitors look a code up through /api/veilgate/sales/redeem-code/.
 */
export const GiftCodes: CollectionConfig = {
  slug: 'gift-codes',
  labels: { singular: 'Gift code', plural: 'Gift codes' },
  admin: { group: 'Commerce', useAsTitle: 'code', defaultColumns: ['code', 'plan', 'validTo', 'redeemedAt', 'origin'] },
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  hooks: {
    beforeValidate: [
      ({ data, operation }) => {
        if (!data) return data
        if (typeof data.code === 'string' && data.code.trim()) data.code = normaliseCode(data.code)
        else if (operation === 'create') data.code = newGiftCode()
        return data
      },
    ],
  },
  fields: [
    {
      name: 'code',
      type: 'text',
      unique: true,
      index: true,
      admin: { description: 'Empty: 16 random characters are made on save' },
      validate: (value: unknown) => value === undefined || (typeof value === 'string' && /^[A-Z0-9-]{8,40}$/.test(value)) || '8 to 40 letters, digits or -',
    },
    { name: 'plan', type: 'relationship', relationTo: 'price-plans', required: true },
    { name: 'addOns', type: 'relationship', relationTo: 'add-ons', hasMany: true },
    { name: 'validTo', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
    {
      type: 'row',
      fields: [
        { name: 'redeemedBy', type: 'relationship', relationTo: 'customers', admin: { readOnly: true } },
        { name: 'redeemedAt', type: 'date', admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } } },
      ],
    },
    {
      name: 'origin',
      type: 'select',
      defaultValue: 'admin',
      options: [
        { label: 'Made by an admin', value: 'admin' },
        { label: 'Bought as a gift', value: 'purchase' },
        { label: 'Promotion', value: 'promotion' },
      ],
    },
  ],
}
