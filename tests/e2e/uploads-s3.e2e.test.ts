// Uploads on S3-compatible storage: an instance with S3_* set (against s3rver) stores an admin's
// image with its renditions and an app file in the bucket, serves them through Payload's file
// routes (as does a second instance with the same settings), hashes a release from the object, removes the objects with the document, and refuses an
// upload with a clear message, creating nothing, while the bucket is unreachable.
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../support/test-db'
import { adminToken } from './customers'
import { startInstance, type Instance } from './instance'

const BUCKET = 'veilgate-e2e'
const PREFIX = `run-${Date.now()}`
let s3: S3rver
let s3Port = 0
let s3Dir = ''
let site: Instance
let other: Instance
let token = ''
const made: { collection: string; id: number }[] = []

async function startS3() {
  s3 = new S3rver({ port: s3Port, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET }] })
  await s3.run()
}

beforeAll(async () => {
  s3Port = await freePort()
  s3Dir = mkdtempSync(path.join(tmpdir(), 'veilgate-s3-'))
  await startS3()
  token = await adminToken()
  const settings = {
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    S3_PREFIX: PREFIX,
  }
  ;[site, other] = await Promise.all([startInstance(settings), startInstance(settings)])
}, 240_000)

afterAll(async () => {
  for (const { collection, id } of made.reverse()) await admin(`/${collection}/${id}`, { method: 'DELETE' }).catch(() => undefined)
  await Promise.all([site?.stop(), other?.stop()])
  await s3?.close().catch(() => undefined)
  rmSync(s3Dir, { recursive: true, force: true })
})

const admin = (path: string, init: RequestInit = {}) => fetch(`${site.baseUrl}/cms-api${path}`, { ...init, headers: { ...init.headers, authorization: `JWT ${token}` } })

/** The keys under a folder of the bucket. */
async function objects(folder: string): Promise<string[]> {
  const client = new S3Client({ region: 'us-east-1', endpoint: `http://127.0.0.1:${s3Port}`, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } })
  const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `${PREFIX}/${folder}/` }))
  client.destroy()
  return (listed.Contents ?? []).map((entry) => entry.Key!.slice(`${PREFIX}/${folder}/`.length)).sort()
}

function upload(collection: string, bytes: Buffer, name: string, type: string, data: Record<string, unknown> = {}) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name)
  form.append('_payload', JSON.stringify(data))
  return admin(`/${collection}`, { method: 'POST', body: form })
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

describe('uploads on S3-compatible storage', () => {
  it('keeps an image and its renditions in the bucket, serves them through Payload, and removes them with the document', async () => {
    const image = await sharp({ create: { width: 900, height: 400, channels: 3, background: '#2a6f97' } }).png().toBuffer()
    const name = `s3-check-${Date.now()}.png`
    const uploaded = await upload('media', image, name, 'image/png', { description: 'A blue field' })
    expect(uploaded.status).toBe(201)
    const doc = ((await uploaded.json()) as { doc: { id: number; filename: string; url: string; sizes: Record<string, { filename: string; url: string }> } }).doc
    made.push({ collection: 'media', id: doc.id })
    expect(doc.url).toBe(`/cms-api/media/file/${doc.filename}`)
    const keys = await objects('media')
    expect(keys).toEqual([doc.filename, doc.sizes.preview!.filename, doc.sizes.webp!.filename].sort())

    // Uploaded through one instance, shown by both.
    for (const origin of [site.baseUrl, other.baseUrl]) {
      const served = await fetch(`${origin}${doc.url}`)
      expect(served.status).toBe(200)
      expect(sha256(Buffer.from(await served.arrayBuffer()))).toBe(sha256(image))
      const preview = await fetch(`${origin}${doc.sizes.preview!.url}`)
      expect(preview.status).toBe(200)
      expect((await sharp(Buffer.from(await preview.arrayBuffer())).metadata()).width).toBe(480)
    }

    expect((await admin(`/media/${doc.id}`, { method: 'DELETE' })).status).toBe(200)
    made.pop()
    expect(await objects('media')).toEqual([])
  })

  it('hashes a release from its file in the bucket', async () => {
    const bytes = Buffer.from(`Veilgate for Linux, stored in a bucket ${Date.now()}\n`)
    const uploaded = await upload('app-files', bytes, `veilgate-vpn-s3-${Date.now()}-linux.deb`, 'application/octet-stream')
    expect(uploaded.status).toBe(201)
    const file = ((await uploaded.json()) as { doc: { id: number; filename: string } }).doc
    made.push({ collection: 'app-files', id: file.id })
    expect(await objects('app-files')).toEqual([file.filename])
    const release = await admin('/app-releases', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ product: 'vpn', platform: 'linux', version: '9.9.1', releaseDate: '2026-11-29', current: false, file: file.id }),
    })
    expect(release.status).toBe(201)
    const saved = ((await release.json()) as { doc: { id: number; sha256: string; fileSize: number } }).doc
    made.push({ collection: 'app-releases', id: saved.id })
    expect(saved).toMatchObject({ sha256: sha256(bytes), fileSize: bytes.length })
    const served = await fetch(`${site.baseUrl}/cms-api/app-files/file/${file.filename}`)
    expect(Buffer.from(await served.arrayBuffer())).toEqual(bytes)
  })

  it('refuses an upload with a clear message and creates nothing while the bucket is unreachable', async () => {
    const count = async () => ((await (await admin('/media?limit=0&depth=0')).json()) as { totalDocs: number }).totalDocs
    const before = await count()
    await s3.close()
    try {
      const image = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#000000' } }).png().toBuffer()
      const refused = await upload('media', image, `s3-down-${Date.now()}.png`, 'image/png')
      expect(refused.status).toBe(503)
      const body = (await refused.json()) as { errors: { message: string }[] }
      expect(body.errors[0]!.message).toBe(`The file store (bucket “${BUCKET}”) cannot be reached: the store did not answer. Nothing was saved; try again later.`)
      expect(await count()).toBe(before)
    } finally {
      await startS3()
    }
  })
})
