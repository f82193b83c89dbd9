import type { CollectionConfig } from 'payload'
import { isAdmin, publishedOrSignedIn } from '@/access'
import { markTranslatedLocales } from '../Pages/hooks/translatedLocales'
import { seoSettingsField, searchTextField, translatedLocalesField } from '../fields'
import { indexText } from '../searchText'
import { revalidateDeleted, revalidateDocument } from '../revalidate'

/** The pages a post appears on: its own and its listing. */
const paths = (doc: Record<string, string>) => [`/blog/${doc.slug}`, '/blog']

/** Blog posts, served at /blog/{slug}. */
export const Posts: CollectionConfig = {
  slug: 'posts',
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'category', 'publishedAt', '_status'],
    group: 'Blog',
    livePreview: { url: ({ data, locale }) => `/api/preview?path=${encodeURIComponent(`/blog/${data.slug ?? ''}`)}&locale=${locale.code}` },
    preview: (doc, { locale }) => `/api/preview?path=${encodeURIComponent(`/blog/${String(doc.slug ?? '')}`)}&locale=${locale}`,
  },
  access: { read: publishedOrSignedIn, readVersions: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  versions: { drafts: { schedulePublish: true }, maxPerDoc: 30 },
  hooks: {
    beforeRead: [markTranslatedLocales],
    beforeChange: [indexText(['title', 'excerpt', 'body'])],
    afterChange: [revalidateDocument(paths)],
    afterDelete: [revalidateDeleted(paths)],
  },
  fields: [
    { name: 'title', type: 'text', localized: true, required: true },
    {
      name: 'slug',
      type: 'text',
      required: true,
      unique: true,
      index: true,
      admin: { position: 'sidebar' },
      validate: (value: unknown) => (typeof value === 'string' && /^[a-z0-9-]+$/.test(value) ? true : 'Lower-case letters, digits and dashes'),
    },
    { name: 'publishedAt', type: 'date', required: true, index: true, admin: { position: 'sidebar' } },
    { name: 'category', type: 'relationship', relationTo: 'categories', admin: { position: 'sidebar' } },
    { name: 'author', type: 'relationship', relationTo: 'authors', admin: { position: 'sidebar' } },
    { name: 'coverImage', type: 'upload', relationTo: 'media' },
    { name: 'excerpt', type: 'textarea', localized: true },
    { name: 'body', type: 'richText', localized: true },
    seoSettingsField,
    translatedLocalesField,
    searchTextField,
  ],
}
