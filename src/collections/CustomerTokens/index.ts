import type { CollectionConfig } from 'payload'
import { isAdmin } from '@/access'

/**
 * One-time tokens: confirming an address, confirming a new address (`email-change`, which
 * carries the address it changes to), choosing a new password (`password-reset`), signing in by
 * e-mail (`fast-login`: a link and a six-digit code, with the tries counted) and by a link an
 * app asked for (`autologin`). Only hashes are stored.
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
        { label: 'Sign in by e-mail (link and code)', value: 'fast-login' },
        { label: 'Sign in by a link from an app', value: 'autologin' },
      ],
    },
    { name: 'newEmail', type: 'email', admin: { description: 'The address an e-mail change is confirming' } },
    { name: 'tokenHash', type: 'text', required: true, unique: true, index: true },
    { name: 'codeHash', type: 'text', admin: { description: 'A fast login’s six-digit code, hashed' } },
    { name: 'attempts', type: 'number', defaultValue: 0, admin: { description: 'Wrong codes tried' } },
    { name: 'timezone', type: 'text', admin: { description: 'The offset a fast login was asked with, the account’s once it signs in' } },
    { name: 'expiresAt', type: 'date', required: true },
    { name: 'usedAt', type: 'date' },
  ],
}
