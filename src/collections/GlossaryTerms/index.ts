import type { CollectionConfig } from 'payload'
import { editorial } from '@/access'

export const GlossaryTerms: CollectionConfig = {
  slug: 'glossary-terms',
  labels: { singular: 'Glossary term', plural: 'Glossary terms' },
  admin: { useAsTitle: 'term', group: 'Help centre' },
  access: editorial,
  fields: [
    { name: 'term', type: 'text', localized: true, required: true },
    { name: 'slug', type: 'text', required: true, unique: true, index: true },
    { name: 'definition', type: 'textarea', localized: true, required: true },
  ],
}
