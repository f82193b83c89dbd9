import type { CollectionConfig } from 'payload'
import { isAdmin } from '@/access'

/** One-time tokens sent by e-mail (confirming an address; later issues add their purposes). Only hashes are stored. */
export const CustomerTokens: CollectionConfig = {
  slug: 'customer-tokens',
  labels: { singular: 'Customer token', plural: 'Customer tokens' },
  admin: { group: 'Customers', defaultColumns: ['customer', 'purpose', 'expiresAt', 'usedAt'] },
  access: { read: isAdmin, delete: isAdmin, create: () => false, update: () => false },
  fields: [
    { name: 'customer', type: 'relationship', relationTo: 'customers', required: true, index: true },
    { name: 'purpose', type: 'select', required: true, options: [{ label: 'Confirm the e-mail address', value: 'confirm' }] },
    { name: 'tokenHash', type: 'text', required: true, unique: true, index: true },
    { name: 'expiresAt', type: 'date', required: true },
    { name: 'usedAt', type: 'date' },
  ],
}
