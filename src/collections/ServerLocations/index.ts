import type { CollectionConfig } from 'payload'
import { editorial } from '@/access'
import { revalidateEverything } from '../revalidate'

export const LOCATION_CODE = /^[a-z]{2}-[a-z0-9]+(?:-[a-z0-9]+)*$/

/** `de-frankfurt`, `br-sao-paulo`: the country code and the city without accents, in lower-case ASCII. */
export function locationCode(countryCode: string, city: string): string {
  const slug = city
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[łøđßæœ]/g, (letter) => ({ ł: 'l', ø: 'o', đ: 'd', ß: 'ss', æ: 'ae', œ: 'oe' })[letter] ?? '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return `${countryCode.trim().toLowerCase()}-${slug}`
}

/** VPN server locations: the servers map and list, and the static-IP regions. */
export const ServerLocations: CollectionConfig = {
  slug: 'server-locations',
  labels: { singular: 'Server location', plural: 'Server locations' },
  admin: { useAsTitle: 'city', defaultColumns: ['city', 'code', 'countryCode', 'region', 'servers'], group: 'Network' },
  access: editorial,
  hooks: {
    beforeValidate: [
      ({ data }) => {
        if (data && !data.code && typeof data.countryCode === 'string' && typeof data.city === 'string') data.code = locationCode(data.countryCode, data.city)
        return data
      },
    ],
    afterChange: [revalidateEverything],
  },
  fields: [
    {
      name: 'code',
      type: 'text',
      required: true,
      unique: true,
      index: true,
      admin: { description: 'Lower-case <country code>-<city> (de-frankfurt); made from the country and city when empty. Orders name it as region or ipRegion.' },
      validate: (value: unknown) => (typeof value === 'string' && LOCATION_CODE.test(value)) || 'Lower-case ASCII: <country code>-<city>, such as de-frankfurt',
    },
    { name: 'countryCode', type: 'text', required: true, maxLength: 2 },
    { name: 'city', type: 'text', required: true },
    { name: 'region', type: 'select', required: true, options: ['europe', 'americas', 'asia-pacific', 'middle-east-africa'] },
    { name: 'servers', type: 'number', required: true, min: 1 },
    { name: 'latitude', type: 'number', required: true },
    { name: 'longitude', type: 'number', required: true },
    { name: 'staticIp', type: 'checkbox', defaultValue: false, label: 'Offers personal static IPs' },
  ],
}
