import type { CollectionConfig } from 'payload'
import { editorial } from '@/access'
import { revalidateEverything } from '../revalidate'

/** VPN server locations: the servers map and list, and the static-IP regions. */
export const ServerLocations: CollectionConfig = {
  slug: 'server-locations',
  labels: { singular: 'Server location', plural: 'Server locations' },
  admin: { useAsTitle: 'city', defaultColumns: ['city', 'countryCode', 'region', 'servers'], group: 'Network' },
  access: editorial,
  hooks: { afterChange: [revalidateEverything] },
  fields: [
    { name: 'countryCode', type: 'text', required: true, maxLength: 2 },
    { name: 'city', type: 'text', required: true },
    { name: 'region', type: 'select', required: true, options: ['europe', 'americas', 'asia-pacific', 'middle-east-africa'] },
    { name: 'servers', type: 'number', required: true, min: 1 },
    { name: 'latitude', type: 'number', required: true },
    { name: 'longitude', type: 'number', required: true },
    { name: 'staticIp', type: 'checkbox', defaultValue: false, label: 'Offers personal static IPs' },
  ],
}
