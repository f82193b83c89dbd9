import type { CollectionBeforeChangeHook, CollectionConfig } from 'payload'
import { editorial } from '@/access'
import { appPlatforms } from '@/services/downloads/apps'
import { appProducts, hashStream, productNames, SHA256 } from '@/services/downloads/releases'
import { storedFile } from '@/services/storage/s3'
import { appFilesDir } from '../AppFiles'
import { revalidateEverything } from '../revalidate'
import { announceContentChange } from '@/services/content/changes'
import { revalidateAll } from '@/services/content/revalidate'

const VERSION = /^\d+(?:\.\d+){0,3}(?:[-+][0-9A-Za-z.-]+)?$/
const idOf = (value: unknown): number | string | null =>
  value && typeof value === 'object' ? ((value as { id?: number | string }).id ?? null) : ((value as number | string | null | undefined) ?? null)

/**
 * The SHA-256 and size of an uploaded file, computed from the stored file or object (streamed) whenever the
 * release points at another file, lacks them, or someone typed over them.
 */
export const hashUploadedFile: CollectionBeforeChangeHook = async ({ data, originalDoc, req }) => {
  const fileId = idOf(data.file)
  if (!fileId) return data
  const same = fileId === idOf(originalDoc?.file) && data.sha256 && data.sha256 === originalDoc?.sha256 && data.fileSize === originalDoc?.fileSize
  if (same) return data
  const file = await req.payload.findByID({ collection: 'app-files', id: fileId, req, depth: 0, overrideAccess: true })
  // From the stored bytes: the bucket's object with S3, else the file under MEDIA_DIR.
  const { sha256, size } = await hashStream(await storedFile('app-files', file, appFilesDir()))
  data.sha256 = sha256
  data.fileSize = size
  return data
}

/** One current release per product and platform: saving a current one makes the others past ones first. */
export const keepOneCurrent: CollectionBeforeChangeHook = async ({ data, originalDoc, req, context }) => {
  if (context.demoting || !data.current) return data
  const product = data.product ?? originalDoc?.product
  const platform = data.platform ?? originalDoc?.platform
  const id = originalDoc?.id
  await req.payload.update({
    collection: 'app-releases',
    where: { and: [{ product: { equals: product } }, { platform: { equals: platform } }, { current: { equals: true } }, ...(id ? [{ id: { not_equals: id } }] : [])] },
    data: { current: false },
    req,
    overrideAccess: true,
    context: { demoting: true },
  })
  return data
}

/** Versions of the apps: a file (uploaded, hashed here), an external download with its hash, or a store link. */
export const AppReleases: CollectionConfig = {
  slug: 'app-releases',
  labels: { singular: 'App release', plural: 'App releases' },
  admin: { group: 'Downloads', useAsTitle: 'version', defaultColumns: ['product', 'platform', 'version', 'current', 'releaseDate', 'sha256'] },
  access: editorial,
  hooks: {
    beforeChange: [hashUploadedFile, keepOneCurrent],
    afterChange: [revalidateEverything],
    afterDelete: [
      async ({ req, context }) => {
        if (!context.disableRevalidate) revalidateAll()
        await announceContentChange(req, { all: true })
      },
    ],
  },
  fields: [
    { name: 'product', type: 'select', required: true, index: true, options: appProducts.map((value) => ({ label: productNames[value], value })) },
    { name: 'platform', type: 'select', required: true, options: appPlatforms.map((value) => ({ label: value, value })) },
    {
      name: 'version',
      type: 'text',
      required: true,
      maxLength: 40,
      validate: (value: unknown) => (typeof value === 'string' && VERSION.test(value)) || 'A version such as 5.4.2 or 6.0.0-beta.1',
    },
    { name: 'releaseDate', type: 'date', required: true, admin: { date: { pickerAppearance: 'dayOnly' } } },
    { name: 'current', type: 'checkbox', defaultValue: true, index: true, admin: { description: 'The release the site offers; saving a current release makes the previous one a past release.' } },
    { name: 'file', type: 'upload', relationTo: 'app-files', admin: { description: 'The installer served by this site. Its SHA-256 and size are computed on save.' } },
    {
      name: 'externalUrl',
      type: 'text',
      label: 'External URL',
      admin: { description: 'Instead of a file: where the installer is downloaded (https). Enter its SHA-256 and size below.' },
      validate: (value: unknown) => !value || (typeof value === 'string' && /^https:\/\/[^\s]+$/.test(value)) || 'An https:// address',
    },
    {
      name: 'sha256',
      type: 'text',
      label: 'SHA-256',
      admin: { description: '64 lower-case hexadecimal characters: computed for an uploaded file, entered for an external one.' },
      validate: (value: unknown, { siblingData }: { siblingData: Record<string, unknown> }) => {
        if (value) return (typeof value === 'string' && SHA256.test(value)) || 'The SHA-256 is 64 lower-case hexadecimal characters (0-9, a-f)'
        return !siblingData.externalUrl || Boolean(siblingData.file) || 'Enter the SHA-256 of the external file'
      },
    },
    { name: 'fileSize', type: 'number', min: 0, label: 'File size (bytes)' },
    { name: 'minOs', type: 'text', label: 'Minimum OS', maxLength: 100 },
    { name: 'changelog', type: 'textarea', localized: true, maxLength: 4000 },
    {
      name: 'storeUrl',
      type: 'text',
      label: 'Store link',
      admin: { description: 'For store-only platforms: the app store page (https) or a site path (/help/…).' },
      validate: (value: unknown, { siblingData }: { siblingData: Record<string, unknown> }) => {
        if (value) return (typeof value === 'string' && /^(?:https:\/\/[^\s]+|\/[^\s]*)$/.test(value)) || 'An https:// address or a site path starting with /'
        return Boolean(siblingData.file || siblingData.externalUrl) || 'Give a file, an external URL or a store link'
      },
    },
  ],
}
