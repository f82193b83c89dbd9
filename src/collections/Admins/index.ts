import type { CollectionConfig } from 'payload'
import { isAdmin } from '@/access'

/** Editors and operators who sign in to /admin. */
export const Admins: CollectionConfig = {
  slug: 'admins',
  labels: { singular: 'Admin', plural: 'Admins' },
  admin: { useAsTitle: 'email', defaultColumns: ['email', 'name', 'updatedAt'] },
  auth: {
    maxLoginAttempts: 5,
    lockTime: 10 * 60 * 1000,
    tokenExpiration: 8 * 60 * 60,
    cookies: { sameSite: 'Lax', secure: process.env.NODE_ENV === 'production' && process.env.INSECURE_COOKIES !== 'true' },
  },
  // Admins only: a customer's token never reads or changes an admin.
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin, unlock: isAdmin, admin: isAdmin },
  fields: [{ name: 'name', type: 'text' }],
}
