import type { CollectionConfig } from 'payload'
import { isAdmin } from '@/access'

/**
 * Human-check challenges already answered, by nonce: each solution is accepted once (the insert is
 * `ON CONFLICT DO NOTHING`), and forgotten once its challenge has expired.
 */
export const HumanCheckSolutions: CollectionConfig = {
  slug: 'human-check-solutions',
  labels: { singular: 'Human-check solution', plural: 'Human-check solutions' },
  admin: { group: 'System', hidden: true },
  access: { read: isAdmin, create: () => false, update: () => false, delete: () => false },
  fields: [
    { name: 'nonce', type: 'text', required: true, unique: true, admin: { readOnly: true } },
    { name: 'expiresAt', type: 'date', required: true, index: true, admin: { readOnly: true } },
  ],
}
