import type { CollectionConfig } from 'payload'
import { editorial } from '@/access'
import { revalidateEverything } from '../revalidate'

/** The plan catalogue: pricing blocks name plans by purchase id; prices are resolved here on the server. */
export const PricePlans: CollectionConfig = {
  slug: 'price-plans',
  labels: { singular: 'Price plan', plural: 'Price plans' },
  admin: { useAsTitle: 'purchaseId', defaultColumns: ['purchaseId', 'title', 'cost', 'periodType', 'periodCount'], group: 'Commerce' },
  access: editorial,
  hooks: { afterChange: [revalidateEverything] },
  fields: [
    { name: 'purchaseId', type: 'text', required: true, unique: true, index: true },
    { name: 'product', type: 'select', required: true, options: ['vpn', 'pass', 'dns', 'authenticator', 'bundle', 'addon'] },
    { name: 'title', type: 'text', localized: true, required: true },
    { name: 'description', type: 'textarea', localized: true },
    { name: 'cost', type: 'number', required: true, min: 0, admin: { description: 'Price in US cents, for the whole period' } },
    { name: 'periodType', type: 'select', required: true, options: ['day', 'week', 'month', 'year'] },
    { name: 'periodCount', type: 'number', required: true, min: 1, admin: { description: '100 years means lifetime' } },
    { name: 'highlight', type: 'checkbox', defaultValue: false },
  ],
}
