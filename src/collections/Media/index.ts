import type { CollectionConfig } from 'payload'

export const Media: CollectionConfig = {
  slug: 'media',
  labels: { singular: 'Media', plural: 'Media' },
  access: { read: () => true },
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
