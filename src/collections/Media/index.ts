import type { CollectionConfig } from 'payload'
import { isAdmin } from '@/access'

export const Media: CollectionConfig = {
  slug: 'media',
  labels: { singular: 'Media', plural: 'Media' },
  // Images are public; only admins upload, change or delete them.
  access: { read: () => true, create: isAdmin, update: isAdmin, delete: isAdmin },
  admin: { useAsTitle: 'filename' },
  upload: {
    staticDir: process.env.MEDIA_DIR || 'media',
    mimeTypes: ['image/*'],
    imageSizes: [
      { name: 'preview', width: 480, formatOptions: { format: 'webp', options: { quality: 70 } } },
      { name: 'webp', formatOptions: { format: 'webp', options: { quality: 82 } } },
    ],
  },
  fields: [{ name: 'description', type: 'text', localized: true, label: 'Description (alt text)' }],
}
