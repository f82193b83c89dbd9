import type { CollectionConfig } from 'payload'
import { isAdmin } from '@/access'

/**
 * One-time tokens sent by e-mail: confirming an address, confirming a new address
 * (`email-change`, which carries the address it changes to), and choosing a new password
 * (`password-reset`). Only hashes are stored.
 */
export const CustomerTokens: CollectionConfig = {
  slug: 'customer-tokens',
  labels: { singular: 'Customer token', plural: 'Customer tokens' },
  admin: { group: 'Customers', defaultColumns: ['customer', 'purpose', 'expiresAt', 'usedAt'] },
  access: { read: isAdmin, delete: isAdmin, create: () => false, update: () => false },
  fields: [
    { name: 'customer', type: 'relationship', relationTo: 'customers', required: true, index: true },
    {
      name: 'purpose',
      type: 'select',
      required: true,
      options: [
        { label: 'Confirm the e-mail address', value: 'confirm' },
        { label: 'Change to a new e-mail address', value: 'email-change' },
        { label: 'Choose a new password', value: 'password-reset' },
      ],
    },
    { name: 'newEmail', type: 'email', admin: { description: 'The address an e-mail change is confirming' } },
    { name: 'tokenHash', type: 'text', required: true, unique: true, index: true },
    { name: 'expiresAt', type: 'date', required: true },
    { name: 'usedAt', type: 'date' },
  ],
}
