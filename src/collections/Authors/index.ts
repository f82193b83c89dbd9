import type { CollectionConfig } from 'payload'
import { editorial } from '@/access'

export const Authors: CollectionConfig = {
  slug: 'authors',
  admin: { useAsTitle: 'name', group: 'Blog' },
  access: editorial,
  fields: [
    { name: 'name', type: 'text', required: true },
    { name: 'slug', type: 'text', required: true, unique: true, index: true },
    { name: 'role', type: 'text', localized: true },
  ],
}
