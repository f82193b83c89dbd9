import type { CollectionConfig } from 'payload'
import { isAdmin } from '@/access'
import { now } from '@/lib/clock'
import { appPlatforms } from '@/services/downloads/apps'

/**
 * The devices signed in to a customer's VPN: the apps add them in production, admins and the seed
 * here. Customers see and remove their own through the account API, never through the CMS API.
 */
export const Devices: CollectionConfig = {
  slug: 'devices',
  labels: { singular: 'Device', plural: 'Devices' },
  admin: { group: 'Customers', useAsTitle: 'name', defaultColumns: ['name', 'platform', 'customer', 'addedAt', 'lastSeenAt'] },
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  fields: [
    { name: 'customer', type: 'relationship', relationTo: 'customers', required: true, index: true },
    { name: 'name', type: 'text', required: true, maxLength: 100 },
    { name: 'platform', type: 'select', required: true, options: appPlatforms.map((value) => ({ label: value, value })) },
    { name: 'addedAt', type: 'date', required: true, defaultValue: () => now().toISOString(), admin: { date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'lastSeenAt', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
  ],
}
