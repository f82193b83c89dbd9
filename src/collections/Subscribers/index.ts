import type { CollectionConfig } from 'payload'
import { isAdmin } from '@/access'
import { localeCodes } from '@/i18n/locales'

export const subscriberStatuses = ['pending', 'active', 'unsubscribed'] as const

/**
 * Newsletter subscribers, double opt-in: `POST /api/coms/subscribe/` makes an address `pending`
 * and e-mails a confirmation link; the confirmation page makes it `active`; the one-click
 * unsubscribe makes it `unsubscribed`. Written only by `src/services/newsletter/`; admins read,
 * export and delete; nobody else sees anything.
 */
export const Subscribers: CollectionConfig = {
  slug: 'subscribers',
  labels: { singular: 'Subscriber', plural: 'Subscribers' },
  admin: { group: 'Customers', useAsTitle: 'email', defaultColumns: ['email', 'status', 'locale', 'source', 'confirmedAt', 'createdAt'] },
  access: { read: isAdmin, delete: isAdmin, create: () => false, update: () => false },
  fields: [
    { name: 'email', type: 'email', required: true, unique: true, index: true, admin: { readOnly: true, description: 'Lower-case' } },
    { name: 'status', type: 'select', required: true, defaultValue: 'pending', index: true, options: subscriberStatuses.map((value) => ({ label: value, value })), admin: { readOnly: true } },
    { name: 'locale', type: 'select', required: true, defaultValue: 'en', options: localeCodes.map((value) => ({ label: value, value })), admin: { readOnly: true } },
    { name: 'source', type: 'text', required: true, defaultValue: 'vpn-site', admin: { readOnly: true } },
    { name: 'type', type: 'text', required: true, defaultValue: 'common', admin: { readOnly: true } },
    { name: 'consentAt', type: 'date', required: true, admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'consentText', type: 'textarea', required: true, admin: { readOnly: true, description: 'The consent wording in the subscriber’s language' } },
    { name: 'confirmSentAt', type: 'date', admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'confirmedAt', type: 'date', admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'unsubscribedAt', type: 'date', admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } } },
  ],
}
