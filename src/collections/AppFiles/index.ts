import path from 'node:path'
import type { CollectionConfig } from 'payload'
import { bucketReachable } from '@/services/storage/s3'
import { editorial } from '@/access'

/** Where uploaded app files are stored: `app-files` under MEDIA_DIR. */
export const appFilesDir = () => path.resolve(process.env.MEDIA_DIR || 'media', 'app-files')

/** Installers and packages offered for download; app releases point at them and carry their SHA-256. */
export const AppFiles: CollectionConfig = {
  slug: 'app-files',
  labels: { singular: 'App file', plural: 'App files' },
  admin: { group: 'Downloads', description: 'Upload an installer here, or from a release. Its SHA-256 is computed when a release points at it.' },
  // Files are public (anyone may download them); only admins upload, change or delete them.
  access: editorial,
  // With S3_BUCKET the files go to the bucket (src/services/storage/s3.ts): an unreachable one refuses the upload clearly.
  hooks: { beforeValidate: [bucketReachable] },
  // Installers (.exe, .dmg, .deb …) are what this collection is for: Payload's list of restricted
  // types would refuse them, and only admins upload here.
  upload: { staticDir: appFilesDir(), allowRestrictedFileTypes: true },
  fields: [],
}
