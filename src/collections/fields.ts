import type { Field } from 'payload'
import { normalisePagePath } from '@/services/content/paths'

/** The spec's page settings (title, description, keywords, Open Graph, Twitter, canonical, no-index, structured data). */
export const seoSettingsField: Field = {
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
}

/** Which locales have their own title (set by `markTranslatedLocales`); never stored. */
export const translatedLocalesField: Field = { name: 'translatedLocales', type: 'json', virtual: true, admin: { hidden: true } }

/** Plain text of the document in each locale, kept for full-text search; never edited by hand. */
export const searchTextField: Field = { name: 'searchText', type: 'textarea', localized: true, admin: { hidden: true } }

/** A site path without locale prefix, the same in every locale; normalised on save and unique. */
export function pathField({ pattern, message, description }: { pattern: RegExp; message: string; description: string }): Field {
  return {
    name: 'path',
    type: 'text',
    required: true,
    unique: true,
    index: true,
    admin: { position: 'sidebar', description },
    hooks: { beforeValidate: [({ value }) => (typeof value === 'string' ? normalisePagePath(value) : value)] },
    validate: (value: unknown) => (typeof value === 'string' && pattern.test(value) ? true : message),
  }
}
