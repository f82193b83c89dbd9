import type { CollectionConfig } from 'payload'
import { editorial } from '@/access'

/** Customer reviews shown on sales pages and by /api/veilgate/sales/comments/ (published ones only). */
export const Reviews: CollectionConfig = {
  slug: 'reviews',
  labels: { singular: 'Review', plural: 'Reviews' },
  admin: { group: 'Content', useAsTitle: 'author', defaultColumns: ['author', 'rating', 'date', 'published'] },
  access: editorial,
  defaultSort: '-date',
  fields: [
    { name: 'author', type: 'text', required: true, maxLength: 80 },
    { name: 'text', type: 'textarea', required: true, localized: true, maxLength: 2000 },
    { name: 'rating', type: 'number', required: true, min: 1, max: 5, defaultValue: 5 },
    { name: 'date', type: 'date', required: true, index: true },
    { name: 'published', type: 'checkbox', defaultValue: true, index: true },
  ],
}
