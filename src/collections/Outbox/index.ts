import type { CollectionConfig } from 'payload'
import { isAdmin } from '@/access'

const nobody = () => false

/**
 * Every e-mail the site sends while no SMTP server is configured (SMTP_URL): the transport
 * writes it here. Admins read it in the admin and at /cms-api/outbox; nobody writes to it over
 * REST or in the admin, only the server's transport through the Local API.
 */
export const Outbox: CollectionConfig = {
  slug: 'outbox',
  labels: { singular: 'Outbox message', plural: 'Outbox' },
  admin: {
    group: 'System',
    useAsTitle: 'subject',
    defaultColumns: ['to', 'subject', 'template', 'sentAt'],
    listSearchableFields: ['to', 'subject'],
    description: 'Messages the site sent while no SMTP server is configured, newest first.',
  },
  defaultSort: '-sentAt',
  access: { read: isAdmin, delete: isAdmin, create: nobody, update: nobody },
  fields: [
    { name: 'to', type: 'text', required: true, index: true },
    { name: 'subject', type: 'text', required: true },
    {
      type: 'row',
      fields: [
        { name: 'template', type: 'text', index: true, admin: { description: '"payload" for the admin’s own messages' } },
        { name: 'locale', type: 'text' },
        { name: 'sentAt', type: 'date', required: true, index: true, admin: { date: { pickerAppearance: 'dayAndTime' } } },
      ],
    },
    {
      name: 'preview',
      type: 'ui',
      admin: { components: { Field: '@/collections/Outbox/HtmlPreview#HtmlPreview' } },
    },
    { name: 'text', type: 'textarea', admin: { rows: 12 } },
    { name: 'html', type: 'textarea', admin: { rows: 6, description: 'The HTML body as sent; rendered above.' } },
    {
      name: 'headers',
      type: 'json',
      // Payload's JSON editor loads from a CDN; a plain read-only view works offline.
      admin: { components: { Field: '@/collections/Outbox/HeadersView#HeadersView' } },
    },
    { name: 'from', type: 'text' },
    {
      name: 'jobId',
      type: 'text',
      unique: true,
      index: true,
      admin: { description: 'The send job that stored this message (one message per job); empty for Payload’s own messages.' },
    },
  ],
}
