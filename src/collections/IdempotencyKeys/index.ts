import type { CollectionConfig } from 'payload'
import { isAdmin } from '@/access'

/** A request's key, the hash of its body and its first answer, replayed for 24 h (like Stripe's). */
export const IdempotencyKeys: CollectionConfig = {
  slug: 'idempotency-keys',
  labels: { singular: 'Idempotency key', plural: 'Idempotency keys' },
  admin: { group: 'System', defaultColumns: ['scope', 'key', 'status', 'createdAt'] },
  access: { read: isAdmin, create: () => false, update: () => false, delete: isAdmin },
  fields: [
    { name: 'scopedKey', type: 'text', required: true, unique: true, admin: { readOnly: true, description: '<scope>:<key>' } },
    { name: 'requestHash', type: 'text', required: true, admin: { readOnly: true } },
    { name: 'status', type: 'number', admin: { readOnly: true, description: 'Empty while the first request is running' } },
    { name: 'response', type: 'json', admin: { readOnly: true } },
    { name: 'expiresAt', type: 'date', required: true, index: true, admin: { readOnly: true } },
  ],
}
