import type { CollectionConfig } from 'payload'
import { blockConfigs } from '@/blocks/registry'
import { normalisePagePath } from '@/services/content/paths'
import { revalidatePage, revalidatePageDelete } from './hooks/revalidatePage'
import { markTranslatedLocales } from './hooks/translatedLocales'

export const Pages: CollectionConfig = {
  slug: 'pages',
  labels: { singular: 'Page', plural: 'Pages' },
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'path', 'updatedAt'],
    description: 'Every content page of the site. The path is the same in every locale; texts and blocks are per locale.',
  },
  access: {
    read: () => true,
  },
  hooks: {
    beforeRead: [markTranslatedLocales],
    afterChange: [revalidatePage],
    afterDelete: [revalidatePageDelete],
  },
  fields: [
    { name: 'title', type: 'text', localized: true, required: true },
    {
      name: 'path',
      type: 'text',
      required: true,
      unique: true,
      index: true,
      admin: { position: 'sidebar', description: 'Without locale prefix, e.g. / or /extras/personal-vpn-server' },
      hooks: { beforeValidate: [({ value }) => (typeof value === 'string' ? normalisePagePath(value) : value)] },
      validate: (value: unknown) =>
        typeof value === 'string' && /^\/[A-Za-z0-9\-_/.]*$/.test(value) ? true : 'A path starts with / and uses letters, digits, - _ . and /',
    },
    { name: 'layout', type: 'blocks', localized: true, blocks: [...blockConfigs] },
    {
      name: 'settings',
      type: 'group',
      label: 'Page settings (SEO)',
      fields: [
        { name: 'title', type: 'text', localized: true },
        { name: 'description', type: 'textarea', localized: true },
        { name: 'keywords', type: 'text', localized: true },
        { name: 'ogTitle', type: 'text', localized: true },
        { name: 'ogDescription', type: 'textarea', localized: true },
        { name: 'ogImage', type: 'upload', relationTo: 'media' },
        { name: 'twitterSite', type: 'text' },
        { name: 'canonical', type: 'text' },
        { name: 'noIndex', type: 'checkbox', defaultValue: false },
        { name: 'structuredData', type: 'json', localized: true },
      ],
    },
    {
      name: 'translatedLocales',
      type: 'json',
      virtual: true,
      admin: { hidden: true },
    },
  ],
}
