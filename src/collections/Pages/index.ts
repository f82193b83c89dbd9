import type { CollectionConfig } from 'payload'
import { publishedOrSignedIn, signedIn } from '@/access'
import { blockConfigs } from '@/blocks/registry'
import { normalisePagePath } from '@/services/content/paths'
import { revalidatePage, revalidatePageDelete } from './hooks/revalidatePage'
import { seoSettingsField, searchTextField, translatedLocalesField } from '../fields'
import { indexText } from '../searchText'
import { markTranslatedLocales } from './hooks/translatedLocales'

export const Pages: CollectionConfig = {
  slug: 'pages',
  labels: { singular: 'Page', plural: 'Pages' },
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'path', 'updatedAt'],
    description: 'Every content page of the site. The path is the same in every locale; texts and blocks are per locale.',
    livePreview: { url: ({ data, locale }) => `/api/preview?path=${encodeURIComponent(data.path ?? '/')}&locale=${locale.code}` },
    preview: (doc, { locale }) => `/api/preview?path=${encodeURIComponent(String(doc.path ?? '/'))}&locale=${locale}`,
  },
  access: { read: publishedOrSignedIn, create: signedIn, update: signedIn, delete: signedIn },
  versions: { drafts: { schedulePublish: true }, maxPerDoc: 30 },
  hooks: {
    beforeRead: [markTranslatedLocales],
    beforeChange: [indexText(['title', 'layout'])],
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
    seoSettingsField,
    translatedLocalesField,
    searchTextField,
  ],
}
