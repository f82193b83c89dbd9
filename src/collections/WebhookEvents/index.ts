import type { CollectionConfig } from 'payload'
import { isAdmin } from '@/access'

/**
 * Every provider event taken in, once: (provider, event id) is unique, so a delivery repeated by
 * the provider is recognised and answered 200 without a second effect.
 */
export const WebhookEvents: CollectionConfig = {
  slug: 'webhook-events',
  labels: { singular: 'Webhook event', plural: 'Webhook events' },
  admin: { group: 'Commerce', useAsTitle: 'eventId', defaultColumns: ['provider', 'eventId', 'type', 'order', 'processedAt', 'createdAt'] },
  access: { read: isAdmin, create: () => false, update: () => false, delete: () => false },
  indexes: [{ fields: ['provider', 'eventId'], unique: true }],
  fields: [
    { name: 'provider', type: 'text', required: true, admin: { readOnly: true } },
    { name: 'eventId', type: 'text', required: true, admin: { readOnly: true } },
    { name: 'type', type: 'text', required: true, admin: { readOnly: true } },
    { name: 'order', type: 'relationship', relationTo: 'orders', index: true, admin: { readOnly: true } },
    { name: 'processedAt', type: 'date', admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } } },
  ],
}
