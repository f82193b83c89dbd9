import type { CollectionConfig } from 'payload'
import { isAdmin } from '@/access'

/**
 * What happened in an experiment: an exposure (the picker shown in a variant) or a conversion (an
 * order paid in that variant, once per order). Written by the site only; admins read them.
 */
export const ExperimentEvents: CollectionConfig = {
  slug: 'experiment-events',
  labels: { singular: 'Experiment event', plural: 'Experiment events' },
  admin: { group: 'Commerce', defaultColumns: ['experiment', 'variant', 'kind', 'orderId', 'createdAt'] },
  access: { read: isAdmin, create: () => false, update: () => false, delete: isAdmin },
  fields: [
    { name: 'experiment', type: 'relationship', relationTo: 'experiments', required: true, index: true },
    { name: 'variant', type: 'number', required: true, min: 0 },
    { name: 'kind', type: 'select', required: true, index: true, options: ['exposure', 'conversion'] },
    { name: 'orderId', type: 'text', admin: { description: 'Conversions: the paid order' } },
    { name: 'dedupeKey', type: 'text', unique: true, admin: { hidden: true } },
  ],
}
