import type { CollectionConfig } from 'payload'
import { bucketReachable } from '@/services/storage/s3'
import { isAdmin } from '@/access'

export const Media: CollectionConfig = {
  slug: 'media',
  labels: { singular: 'Media', plural: 'Media' },
  // Images are public; only admins upload, change or delete them.
  access: { read: () => true, create: isAdmin, update: isAdmin, delete: isAdmin },
  admin: { useAsTitle: 'filename' },
  // With S3_BUCKET the files go to the bucket (src/services/storage/s3.ts): an unreachable one refuses the upload clearly.
  hooks: { beforeValidate: [bucketReachable] },
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
