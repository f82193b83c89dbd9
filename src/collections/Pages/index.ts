import type { CollectionConfig } from 'payload'
import { isAdmin, publishedOrSignedIn } from '@/access'
import { blockConfigs } from '@/blocks/registry'
import { revalidatePage, revalidatePageDelete } from './hooks/revalidatePage'
import { pathField, seoSettingsField, searchTextField, translatedLocalesField } from '../fields'
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
  access: { read: publishedOrSignedIn, readVersions: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  versions: { drafts: { schedulePublish: true }, maxPerDoc: 30 },
  hooks: {
    beforeRead: [markTranslatedLocales],
    beforeChange: [indexText(['title', 'layout'])],
    afterChange: [revalidatePage],
    afterDelete: [revalidatePageDelete],
  },
  fields: [
    { name: 'title', type: 'text', localized: true, required: true },
    pathField({
      pattern: /^\/[A-Za-z0-9\-_/.]*$/,
      message: 'A path starts with / and uses letters, digits, - _ . and /',
      description: 'Without locale prefix, e.g. / or /extras/personal-vpn-server',
    }),
    { name: 'layout', type: 'blocks', localized: true, blocks: [...blockConfigs] },
    seoSettingsField,
    translatedLocalesField,
    searchTextField,
  ],
}
