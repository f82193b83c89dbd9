import { Forbidden, type CollectionConfig } from 'payload'
import { isAdmin } from '@/access'
import { localeCodes } from '@/i18n/locales'
import { env } from '@/lib/env'
import { TIMEZONE_PATTERN } from '@/lib/validation/auth'
import { AUTH_SERVICE_CONTEXT, revokeAllSessions } from '@/services/auth/revoke'

/** Operations of Payload's own auth routes that only our auth service may run. */
const guardedOperations = new Set(['login', 'forgotPassword', 'resetPassword', 'refresh'])

const settings = env()

/**
 * Customers: people who buy and sign in on the site, kept apart from `admins` (who alone use
 * /admin). Everything about them goes through the auth API under /api/veilgate/auth/; over
 * /cms-api only admins read or change them, and Payload's own auth routes answer 403.
 */
export const Customers: CollectionConfig = {
  slug: 'customers',
  labels: { singular: 'Customer', plural: 'Customers' },
  admin: {
    group: 'Customers',
    useAsTitle: 'email',
    // Accounts bought without an e-mail have only their account number (`username`).
    defaultColumns: ['email', 'username', 'state', 'locale', 'source', 'createdAt'],
    listSearchableFields: ['email', 'username'],
  },
  auth: {
    maxLoginAttempts: settings.LOGIN_MAX_ATTEMPTS,
    lockTime: settings.LOGIN_LOCK_MINUTES * 60_000,
    // Sessions are our own (customer-sessions); Payload's JWT from the internal login is discarded.
    useSessions: false,
    // An account bought without an e-mail signs in with its 16-digit account number (`username`)
    // and its one-time secret; every other account with its address.
    loginWithUsername: { allowEmailLogin: true, requireEmail: false, requireUsername: false },
    tokenExpiration: 60,
    cookies: { sameSite: 'Strict', secure: process.env.NODE_ENV === 'production' && process.env.INSECURE_COOKIES !== 'true' },
  },
  access: {
    admin: () => false,
    read: isAdmin,
    create: isAdmin,
    update: isAdmin,
    delete: isAdmin,
    unlock: isAdmin,
  },
  hooks: {
    beforeOperation: [
      ({ operation, req, args }) => {
        if (guardedOperations.has(operation) && req.context?.[AUTH_SERVICE_CONTEXT] !== true) throw new Forbidden(req.t)
        return args
      },
    ],
    beforeValidate: [
      ({ data }) => {
        if (data && typeof data.email === 'string') data.email = data.email.trim().toLowerCase()
        return data
      },
    ],
    // Sessions and one-time tokens go with the account.
    beforeDelete: [
      async ({ id, req }) => {
        for (const collection of ['customer-sessions', 'customer-tokens'] as const) {
          await req.payload.delete({ collection, where: { customer: { equals: id } }, overrideAccess: true, req })
        }
      },
    ],
    afterChange: [
      async ({ doc, previousDoc, operation, req }) => {
        // A ban ends every session of the account at once.
        if (operation === 'update' && doc.state === 'banned' && previousDoc?.state !== 'banned') {
          await revokeAllSessions(req.payload, doc.id, req)
        }
        return doc
      },
    ],
  },
  fields: [
    {
      name: 'hasPassword',
      type: 'checkbox',
      defaultValue: true,
      admin: { description: 'Off for accounts made without a password (they got a random one nobody knows).' },
    },
    {
      type: 'row',
      fields: [
        {
          name: 'state',
          type: 'select',
          required: true,
          defaultValue: 'notConfirmed',
          index: true,
          options: [
            { label: 'Active', value: 'active' },
            { label: 'Not confirmed', value: 'notConfirmed' },
            { label: 'Banned', value: 'banned' },
          ],
        },
        { name: 'confirmedAt', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
        {
          name: 'source',
          type: 'select',
          defaultValue: 'admin',
          options: [
            { label: 'Sign-up', value: 'signup' },
            { label: 'Checkout', value: 'checkout' },
            { label: 'Admin', value: 'admin' },
          ],
        },
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'locale', type: 'select', required: true, defaultValue: 'en', options: localeCodes.map((code) => ({ label: code, value: code })) },
        {
          name: 'timezone',
          type: 'text',
          required: true,
          defaultValue: '+0000',
          validate: (value: unknown) => (typeof value === 'string' && TIMEZONE_PATTERN.test(value)) || 'An offset from UTC such as +0200',
        },
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'marketingConsent', type: 'checkbox', defaultValue: false },
        { name: 'marketingConsentAt', type: 'date' },
        { name: 'marketingConsentWording', type: 'text' },
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'deletedAt', type: 'date', admin: { readOnly: true, description: 'The customer deleted the account: the record is anonymous', date: { pickerAppearance: 'dayAndTime' } } },
        { name: 'retainUntil', type: 'date', admin: { readOnly: true, description: 'Orders and payment records are kept until then (ORDER_RETENTION_YEARS)' } },
      ],
    },
    // Bookkeeping of the auth service (one e-mail per lock, confirmation re-sent at most every 15 minutes).
    { name: 'lockNoticeFor', type: 'date', admin: { hidden: true } },
    { name: 'confirmSentAt', type: 'date', admin: { hidden: true } },
    // The customer's Stripe customer (cus_…), made on their first Stripe subscription.
    { name: 'stripeCustomerId', type: 'text', index: true, admin: { hidden: true } },
  ],
}
