import type { CollectionConfig } from 'payload'
import { editorial } from '@/access'
import { markTranslatedLocales } from '../Pages/hooks/translatedLocales'
import { pathField, seoSettingsField, searchTextField, translatedLocalesField } from '../fields'
import { indexText } from '../searchText'
import { revalidateDeleted, revalidateDocument } from '../revalidate'

/** The pages a help article appears on: its own and its listing. */
const paths = (doc: Record<string, string>) => [doc.path, (doc.path ?? '').split('/').slice(0, -1).join('/') || '/help']

export const helpSections = ['about-vpn', 'manuals', 'cybersecurity', 'others'] as const

/** The help centre: about VPN, manuals per protocol/platform/device, cybersecurity tips, others. */
export const HelpArticles: CollectionConfig = {
  slug: 'help-articles',
  labels: { singular: 'Help article', plural: 'Help articles' },
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'path', 'section'], group: 'Help centre' },
  access: editorial,
  hooks: {
    beforeRead: [markTranslatedLocales],
    beforeChange: [indexText(['title', 'summary', 'body'])],
    afterChange: [revalidateDocument(paths)],
    afterDelete: [revalidateDeleted(paths)],
  },
  fields: [
    { name: 'title', type: 'text', localized: true, required: true },
    pathField({ pattern: /^\/help\/[A-Za-z0-9\-_/]+$/, message: 'A help path starts with /help/', description: 'e.g. /help/manuals/wireguard/windows' }),
    { name: 'section', type: 'select', required: true, options: [...helpSections], admin: { position: 'sidebar' } },
    {
      name: 'platform',
      type: 'select',
      options: ['ios', 'android', 'mac', 'windows', 'linux', 'router', 'tv'],
      admin: { position: 'sidebar' },
    },
    { name: 'protocol', type: 'select', options: ['wireguard', 'open-vpn', 'IKEv2'], admin: { position: 'sidebar' } },
    { name: 'summary', type: 'textarea', localized: true },
    { name: 'body', type: 'richText', localized: true },
    seoSettingsField,
    translatedLocalesField,
    searchTextField,
  ],
}
