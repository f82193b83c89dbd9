import type { CollectionConfig } from 'payload'
import { isAdmin } from '@/access'

/**
 * Opaque server-side sessions of customers. The token (32 random bytes, base64url) is shown to
 * the customer once; only its SHA-256 is stored. Admins may read and revoke (set `revokedAt`).
 */
export const CustomerSessions: CollectionConfig = {
  slug: 'customer-sessions',
  labels: { singular: 'Customer session', plural: 'Customer sessions' },
  admin: { group: 'Customers', defaultColumns: ['customer', 'kind', 'lastUsedAt', 'expiresAt', 'revokedAt'] },
  access: { read: isAdmin, update: isAdmin, delete: isAdmin, create: () => false },
  fields: [
    { name: 'customer', type: 'relationship', relationTo: 'customers', required: true, index: true },
    {
      name: 'kind',
      type: 'select',
      required: true,
      defaultValue: 'auth',
      options: [
        { label: 'Auth', value: 'auth' },
        { label: 'Access', value: 'access' },
      ],
    },
    { name: 'tokenHash', type: 'text', required: true, unique: true, index: true, admin: { readOnly: true } },
    { name: 'lastUsedAt', type: 'date', admin: { readOnly: true } },
    { name: 'expiresAt', type: 'date', required: true, index: true },
    { name: 'revokedAt', type: 'date', index: true },
    { name: 'userAgent', type: 'text', admin: { readOnly: true } },
  ],
}
