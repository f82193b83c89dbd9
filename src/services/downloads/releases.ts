// App releases: the files offered for download with their SHA-256, and the current release of each
// product and platform as the download pages and the `*-download/` endpoints give it.
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import type { Readable } from 'node:stream'
import type { Payload, Where } from 'payload'
import type { AppFile, AppRelease } from '@/payload-types'
import type { AppPlatform } from './apps'

/** The products with downloads: VPN, Veilgate Pass (`passwarden`) and Veilgate DNS (`firewall`). */
export const appProducts = ['vpn', 'passwarden', 'firewall'] as const
export type AppProduct = (typeof appProducts)[number]
export const productNames: Record<AppProduct, string> = { vpn: 'Veilgate VPN', passwarden: 'Veilgate Pass', firewall: 'Veilgate DNS' }

/** A SHA-256 as the releases store it: 64 lower-case hexadecimal characters. */
export const SHA256 = /^[0-9a-f]{64}$/
export const isSha256 = (value: unknown): value is string => typeof value === 'string' && SHA256.test(value)

/** The SHA-256 (lower-case hex) and size in bytes of a file, read as a stream (installers are large). */
export function hashFile(file: string): Promise<{ sha256: string; size: number }> {
  return hashStream(createReadStream(file))
}

/** The SHA-256 (lower-case hex) and size in bytes of what a stream carries (a file, an object in the bucket). */
export function hashStream(stream: Readable): Promise<{ sha256: string; size: number }> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256')
    let size = 0
    stream
      .on('data', (chunk: Buffer) => {
        size += chunk.length
        hash.update(chunk)
      })
      .on('error', reject)
      .on('end', () => resolve({ sha256: hash.digest('hex'), size }))
  })
}

/** Where an uploaded app file is served: Payload's file route (everyone may read `app-files`). */
export const appFileUrl = (file: Pick<AppFile, 'filename'>) => `/cms-api/app-files/file/${encodeURIComponent(file.filename ?? '')}`

/** A release as the endpoints answer it; `url` is the file, the external download or the store. */
export type ReleaseView = {
  platform: AppPlatform
  version: string
  releaseDate: string
  fileSize: number | null
  sha256: string | null
  minOs: string | null
  changelog: string | null
  url: string | null
  /** A file this site or the external URL serves (with its hash), rather than a store page. */
  download: boolean
}

export function releaseView(release: AppRelease): ReleaseView {
  const file = typeof release.file === 'object' && release.file ? release.file : null
  const download = Boolean(file || release.externalUrl)
  return {
    platform: release.platform as AppPlatform,
    version: release.version,
    releaseDate: release.releaseDate,
    fileSize: download ? (release.fileSize ?? null) : null,
    sha256: download ? (release.sha256 ?? null) : null,
    minOs: release.minOs ?? null,
    changelog: release.changelog ?? null,
    url: file ? appFileUrl(file) : (release.externalUrl ?? release.storeUrl ?? null),
    download,
  }
}

/** The current releases of a product (one per platform), in `locale`, optionally for one platform only. */
export async function currentReleases(payload: Payload, product: AppProduct, locale: string, platform?: AppPlatform): Promise<ReleaseView[]> {
  const where: Where = { and: [{ product: { equals: product } }, { current: { equals: true } }, ...(platform ? [{ platform: { equals: platform } }] : [])] }
  const found = await payload.find({ collection: 'app-releases', where, depth: 1, limit: 100, pagination: false, sort: 'platform', locale: locale as never, overrideAccess: false })
  return found.docs.map(releaseView)
}

/** The name a downloaded file gets: the last segment of its address. */
export function fileNameOf(url: string): string {
  const last = new URL(url, 'http://site.invalid').pathname.split('/').filter(Boolean).pop() ?? ''
  try {
    return decodeURIComponent(last)
  } catch {
    return last
  }
}

/** The command that prints a file's SHA-256 on the desktop platforms; null elsewhere. */
export function verifyCommand(platform: AppPlatform, file: string): string | null {
  const quoted = /^[\w.+-]+$/.test(file) ? file : `"${file.replace(/"/g, '')}"`
  if (platform === 'windows') return `certutil -hashfile ${quoted} SHA256`
  if (platform === 'mac') return `shasum -a 256 ${quoted}`
  if (platform === 'linux') return `sha256sum ${quoted}`
  return null
}

/**
 * A size in the page's language: bytes, kilobytes or megabytes (1024-based, as operating systems
 * count them). Bytes are written out ("139 bytes", "139 Byte", "139 байт": CLDR's short form is
 * the bare unit, "139 byte"); kilo- and megabytes keep their symbols ("84.5 kB", "1.2 MB").
 */
export function formatFileSize(bytes: number, tag: string): string {
  const [value, unit] = bytes < 1024 ? [bytes, 'byte'] : bytes < 1024 * 1024 ? [bytes / 1024, 'kilobyte'] : [bytes / 1024 / 1024, 'megabyte']
  const unitDisplay = unit === 'byte' ? 'long' : 'short'
  return new Intl.NumberFormat(tag, { style: 'unit', unit, unitDisplay, maximumFractionDigits: 1 }).format(value)
}
