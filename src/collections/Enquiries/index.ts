import type { CollectionConfig } from 'payload'
import { isAdmin } from '@/access'
import { appPlatforms } from '@/services/downloads/apps'
import { locales } from '@/i18n/locales'

/**
 * Requests from the VPN forms for the sales and support teams: business (OEM) enquiries and
 * configuration requests. Written only by `vpn/request-oem/` and `vpn/send/`; admins read them,
 * mark them handled or delete them; customers and visitors see nothing.
 */
export const Enquiries: CollectionConfig = {
  slug: 'enquiries',
  labels: { singular: 'Enquiry', plural: 'Enquiries' },
  admin: { group: 'Customers', useAsTitle: 'email', defaultColumns: ['kind', 'email', 'company', 'platform', 'handled', 'createdAt'] },
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  defaultSort: '-createdAt',
  fields: [
    {
      name: 'kind',
      type: 'select',
      required: true,
      index: true,
      options: [
        { label: 'Business (OEM) enquiry', value: 'oem' },
        { label: 'Configuration request', value: 'config' },
      ],
    },
    { name: 'email', type: 'email', required: true, index: true },
    { name: 'locale', type: 'select', required: true, options: locales.map((l) => ({ label: l.englishName, value: l.code })) },
    { name: 'name', type: 'text' },
    { name: 'company', type: 'text' },
    { name: 'website', type: 'text' },
    { name: 'seats', type: 'number' },
    { name: 'message', type: 'textarea' },
    { name: 'platform', type: 'select', options: appPlatforms.map((value) => ({ label: value, value })) },
    { name: 'protocol', type: 'select', options: ['wireguard', 'openvpn', 'ikev2'] },
    { name: 'countryCode', type: 'text', maxLength: 2 },
    { name: 'handled', type: 'checkbox', defaultValue: false, admin: { position: 'sidebar', description: 'Ticked once someone has answered.' } },
  ],
}
