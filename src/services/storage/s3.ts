// Where uploads live: MEDIA_DIR on this machine's disk, or an S3-compatible bucket when S3_BUCKET
// is set (media with its `preview` and `webp` renditions, and app files), through Payload's S3
// storage adapter. URLs stay Payload's file routes (`/cms-api/media/file/…`), so access rules and
// the image optimizer's allowed paths do not change.
import { createReadStream } from 'node:fs'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { GetObjectCommand, HeadBucketCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3'
import { s3Storage } from '@payloadcms/storage-s3'
import { APIError, type CollectionBeforeValidateHook, type Plugin } from 'payload'
import { env, type Env } from '@/lib/env'

/** The collections whose files go to the bucket. */
export const storedCollections = ['media', 'app-files'] as const
export type StoredCollection = (typeof storedCollections)[number]

export type S3Settings = { bucket: string; prefix: string; client: S3ClientConfig }

type S3Env = Pick<Env, 'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE' | 'S3_PREFIX'>

/** The bucket's settings, or null without S3_BUCKET. One key without the other is refused (the server does not start half set). */
export function s3Settings(values: S3Env = env()): S3Settings | null {
  if (!values.S3_BUCKET) return null
  if (Boolean(values.S3_ACCESS_KEY_ID) !== Boolean(values.S3_SECRET_ACCESS_KEY)) throw new Error('Invalid environment: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the machine’s own AWS credentials)')
  return {
    bucket: values.S3_BUCKET,
    prefix: values.S3_PREFIX,
    client: {
      region: values.S3_REGION,
      ...(values.S3_ENDPOINT ? { endpoint: values.S3_ENDPOINT } : {}),
      forcePathStyle: values.S3_FORCE_PATH_STYLE,
      ...(values.S3_ACCESS_KEY_ID && values.S3_SECRET_ACCESS_KEY ? { credentials: { accessKeyId: values.S3_ACCESS_KEY_ID, secretAccessKey: values.S3_SECRET_ACCESS_KEY } } : {}),
      // Checksums only where S3 requires them: self-hosted servers refuse the newer streaming ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 2,
    },
  }
}

/** A collection's folder in the bucket: `{S3_PREFIX}/{collection}`. */
export const collectionPrefix = (settings: Pick<S3Settings, 'prefix'>, collection: StoredCollection) => [settings.prefix, collection].filter(Boolean).join('/')

/** A stored file's object key, as the adapter writes it: the document's prefix (else the collection's), then the file name. */
export const objectKey = (settings: Pick<S3Settings, 'prefix'>, collection: StoredCollection, filename: string, docPrefix?: string | null) =>
  path.posix.join(docPrefix || collectionPrefix(settings, collection), path.posix.basename(filename))

let cachedClient: { key: string; client: S3Client } | undefined
function clientFor(settings: S3Settings): S3Client {
  const key = JSON.stringify(settings)
  if (cachedClient?.key !== key) cachedClient = { key, client: new S3Client(settings.client) }
  return cachedClient.client
}

/**
 * Payload's S3 adapter for the stored collections; without a bucket it stays off (files in
 * MEDIA_DIR) but adds its fields all the same, so the schema is one with or without S3.
 */
export function storagePlugins(settings = s3Settings()): Plugin[] {
  return [
    s3Storage({
      enabled: Boolean(settings),
      alwaysInsertFields: true,
      bucket: settings?.bucket ?? 'unset',
      config: settings?.client ?? {},
      collections: Object.fromEntries(
        storedCollections.map((slug) => [slug, { prefix: collectionPrefix(settings ?? { prefix: '' }, slug), generateFileURL: ({ filename }: { filename: string }) => fileRoute(slug, filename) }]),
      ),
    }),
  ]
}

/** Where Payload serves a stored file (the same path as from MEDIA_DIR, relative to the site). */
export const fileRoute = (collection: StoredCollection, filename: string) => `/cms-api/${collection}/file/${encodeURIComponent(filename)}`

/** Why the bucket failed, in words an editor can act on (never the keys). */
export function storeFailure(error: unknown): string {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | undefined
  const status = e?.$metadata?.httpStatusCode
  if (status === 401 || status === 403 || ['AccessDenied', 'InvalidAccessKeyId', 'SignatureDoesNotMatch', 'Forbidden'].includes(e?.name ?? '')) return 'the store refused our credentials'
  if (status === 404 || e?.name === 'NotFound' || e?.name === 'NoSuchBucket') return 'the bucket does not exist'
  return 'the store did not answer'
}

/**
 * Before an upload is taken: the bucket answers (HeadBucket, 5 s at most), else the save stops
 * with 503 and a clear message, and nothing is created. (A store failing later, during the
 * upload itself, undoes the save too: the adapter's error rolls the transaction back.)
 */
export const bucketReachable: CollectionBeforeValidateHook = async ({ data, req }) => {
  const settings = s3Settings()
  if (!settings || !req.file) return data
  try {
    await clientFor(settings).send(new HeadBucketCommand({ Bucket: settings.bucket }), { abortSignal: AbortSignal.timeout(5_000) })
  } catch (error) {
    const reason = storeFailure(error)
    req.payload.logger.warn({ msg: 'the file store cannot be reached: upload refused', bucket: settings.bucket, reason })
    const refused = new APIError(`The file store (bucket “${settings.bucket}”) cannot be reached: ${reason}. Nothing was saved; try again later.`, 503, undefined, true)
    // Payload answers an error's message when it has a name; the bundle renames the class Payload names it by.
    refused.name = 'APIError'
    throw refused
  }
  return data
}

/** A stored file's bytes as a stream: the bucket's object, or the file in `localDir` (MEDIA_DIR). */
export async function storedFile(collection: StoredCollection, file: { filename?: string | null; prefix?: string | null }, localDir: string): Promise<Readable> {
  const filename = path.basename(file.filename ?? '')
  const settings = s3Settings()
  if (!settings) return createReadStream(path.join(localDir, filename))
  const answer = await clientFor(settings).send(new GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(settings, collection, filename, file.prefix) }))
  if (!answer.Body) throw new Error(`the bucket returned no body for ${collection}/${filename}`)
  return answer.Body as Readable
}
