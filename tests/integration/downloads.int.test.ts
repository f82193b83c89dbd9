import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { getPayload, type Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { GET as firewallDownload } from '@/app/api/veilgate/firewall-download/route'
import { GET as passwardenDownload } from '@/app/api/veilgate/passwarden-download/route'
import { GET as vpnDownload, POST as vpnDownloadPost } from '@/app/api/veilgate/vpn-download/route'
import { appFilesDir } from '@/collections/AppFiles'
import { callRoute } from '../support/routes'

let payload: Payload
const made: { releases: number[]; files: number[] } = { releases: [], files: [] }
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex')
/** The field messages of a refused save. */
const refusal = (save: Promise<unknown>) =>
  save.then(
    () => 'saved',
    (error: { data?: { errors?: { message: string }[] } }) => (error.data?.errors ?? []).map((e) => e.message).join(' | '),
  )
type Release = { platform: string; version: string; releaseDate: string; fileSize: number | null; sha256: string | null; minOs: string | null; changelog: string | null; url: string | null }

beforeAll(async () => {
  payload = await getPayload({ config })
})

afterAll(async () => {
  for (const id of made.releases) await payload.delete({ collection: 'app-releases', id, overrideAccess: true }).catch(() => undefined)
  for (const id of made.files) await payload.delete({ collection: 'app-files', id, overrideAccess: true }).catch(() => undefined)
  // The seeded Linux VPN release is current again.
  await payload.update({
    collection: 'app-releases',
    where: { and: [{ product: { equals: 'vpn' } }, { platform: { equals: 'linux' } }, { version: { equals: '2.9.0' } }] },
    data: { current: true },
    overrideAccess: true,
  })
})

describe('the download endpoints', () => {
  it('list each product’s current releases, desktop ones with the SHA-256 of the file served', async () => {
    const { status, body } = await callRoute(vpnDownload, { path: '/api/veilgate/vpn-download/', query: { ts: '1' } })
    expect(status).toBe(200)
    expect(body.product).toBe('vpn')
    const releases = body.releases as Release[]
    expect(releases.map((r) => r.platform).sort()).toEqual(['android', 'android-tv', 'apple-tv', 'chrome', 'edge', 'fire-tv', 'firefox', 'ios', 'linux', 'mac', 'opera', 'windows', 'windows-phone'])
    const windows = releases.find((r) => r.platform === 'windows')!
    expect(windows).toMatchObject({ version: '5.4.2', minOs: 'Windows 10, 11', changelog: expect.any(String), sha256: expect.stringMatching(/^[0-9a-f]{64}$/), fileSize: expect.any(Number) })
    expect(windows.url).toMatch(/^http:\/\/localhost:3000\/cms-api\/app-files\/file\/veilgate-vpn-5\.4\.2-windows(-\d+)?\.txt$/)
    // The hash is that of the stored file.
    const stored = readFileSync(path.join(appFilesDir(), decodeURIComponent(windows.url!.split('/').pop()!)))
    expect(windows.sha256).toBe(sha256(stored))
    expect(windows.fileSize).toBe(stored.length)
    expect(releases.find((r) => r.platform === 'ios')).toMatchObject({ url: 'https://apps.apple.com/app/veilgate-vpn', sha256: null, fileSize: null })

    for (const [route, product] of [
      [passwardenDownload, 'passwarden'],
      [firewallDownload, 'firewall'],
    ] as const) {
      const answer = await callRoute(route, { path: `/api/veilgate/${product}-download/` })
      expect(answer.body.product).toBe(product)
      expect((answer.body.releases as Release[]).map((r) => r.platform).sort()).toEqual(['linux', 'mac', 'windows'])
      for (const release of answer.body.releases as Release[]) expect(release.sha256).toMatch(/^[0-9a-f]{64}$/)
    }
  })

  it('give one platform’s release, 400 for an unknown platform and 404 where there is none', async () => {
    expect((await callRoute(vpnDownload, { path: '/api/veilgate/vpn-download/', query: { platform: 'windows' } })).body).toMatchObject({ product: 'vpn', platform: 'windows', version: '5.4.2' })
    const amiga = await callRoute(vpnDownload, { path: '/api/veilgate/vpn-download/', query: { platform: 'amiga', locale: 'de' } })
    expect(amiga).toMatchObject({ status: 400, body: { statusCode: 400, code: 'INVALID_INPUT', field: 'platform', message: expect.any(String) } })
    expect(await callRoute(passwardenDownload, { path: '/api/veilgate/passwarden-download/', query: { platform: 'ios' } })).toMatchObject({ status: 404, body: { statusCode: 404, code: 'NOT_FOUND' } })
    expect(await callRoute(vpnDownloadPost, { path: '/api/veilgate/vpn-download/', body: {} })).toMatchObject({ status: 405, body: { code: 'METHOD_NOT_ALLOWED' } })
  })

  it('hash an uploaded file on save, and keep one current release per product and platform', async () => {
    const content = Buffer.from(`veilgate linux build ${Date.now()}\n`)
    const file = await payload.create({
      collection: 'app-files',
      data: {},
      file: { data: content, mimetype: 'application/octet-stream', name: `veilgate-vpn-3.0.0-linux-${Date.now()}.deb`, size: content.length },
      overrideAccess: true,
    })
    made.files.push(file.id)
    const release = await payload.create({
      collection: 'app-releases',
      data: { product: 'vpn', platform: 'linux', version: '3.0.0', releaseDate: '2026-11-20', file: file.id, sha256: '0'.repeat(64), changelog: 'New build' },
      overrideAccess: true,
    })
    made.releases.push(release.id)
    expect(release).toMatchObject({ sha256: sha256(content), fileSize: content.length, current: true })
    const current = await payload.find({
      collection: 'app-releases',
      where: { and: [{ product: { equals: 'vpn' } }, { platform: { equals: 'linux' } }, { current: { equals: true } }] },
      overrideAccess: true,
    })
    expect(current.docs.map((d) => d.id)).toEqual([release.id])
    expect((await callRoute(vpnDownload, { path: '/api/veilgate/vpn-download/', query: { platform: 'linux' } })).body).toMatchObject({ version: '3.0.0', sha256: sha256(content) })
    // The database holds the rule too: a second current row for the same pair is refused.
    await expect(payload.db.drizzle.execute(`update app_releases set current = true where product = 'vpn' and platform = 'linux' and version = '2.9.0'` as never)).rejects.toThrow()
  })

  it('take an external file with its entered hash, and refuse a malformed one', async () => {
    const external = await payload.create({
      collection: 'app-releases',
      data: {
        product: 'passwarden',
        platform: 'android',
        version: '3.2.1',
        releaseDate: '2026-11-21',
        externalUrl: 'https://cdn.example.com/pass.apk',
        sha256: 'ab'.repeat(32),
        fileSize: 1234,
        current: false,
      },
      overrideAccess: true,
    })
    made.releases.push(external.id)
    expect(external).toMatchObject({ sha256: 'ab'.repeat(32), fileSize: 1234 })
    for (const bad of ['AB'.repeat(32), 'ab'.repeat(31), 'xyz']) {
      expect(
        await refusal(
          payload.create({
            collection: 'app-releases',
            data: { product: 'passwarden', platform: 'android', version: '3.2.2', releaseDate: '2026-11-21', externalUrl: 'https://cdn.example.com/pass.apk', sha256: bad },
            overrideAccess: true,
          }),
        ),
        bad,
      ).toBe('The SHA-256 is 64 lower-case hexadecimal characters (0-9, a-f)')
    }
    expect(
      await refusal(
        payload.create({
          collection: 'app-releases',
          data: { product: 'passwarden', platform: 'android', version: '3.2.2', releaseDate: '2026-11-21', externalUrl: 'https://cdn.example.com/pass.apk' },
          overrideAccess: true,
        }),
      ),
    ).toBe('Enter the SHA-256 of the external file')
    expect(await refusal(payload.create({ collection: 'app-releases', data: { product: 'passwarden', platform: 'android', version: '3.2.2', releaseDate: '2026-11-21' }, overrideAccess: true }))).toBe(
      'Give a file, an external URL or a store link',
    )
    expect(
      await refusal(
        payload.create({ collection: 'app-releases', data: { product: 'passwarden', platform: 'android', version: 'latest', releaseDate: '2026-11-21', storeUrl: 'ftp://x' }, overrideAccess: true }),
      ),
    ).toBe('A version such as 5.4.2 or 6.0.0-beta.1 | An https:// address or a site path starting with /')
  })

  it('let everyone read releases and files, and only admins write them', async () => {
    const customer = (await payload.find({ collection: 'customers', overrideAccess: true, limit: 1 })).docs[0]!
    const user = { ...customer, collection: 'customers' as const }
    expect((await payload.find({ collection: 'app-releases', overrideAccess: false, limit: 1 })).totalDocs).toBeGreaterThan(0)
    expect((await payload.find({ collection: 'app-files', overrideAccess: false, limit: 1 })).totalDocs).toBeGreaterThan(0)
    await expect(
      payload.create({
        collection: 'app-releases',
        data: { product: 'vpn', platform: 'ios', version: '9.9.9', releaseDate: '2026-11-21', storeUrl: 'https://apps.apple.com/x' },
        overrideAccess: false,
        user,
      }),
    ).rejects.toThrow()
    await expect(
      payload.create({
        collection: 'app-releases',
        data: { product: 'vpn', platform: 'ios', version: '9.9.9', releaseDate: '2026-11-21', storeUrl: 'https://apps.apple.com/x' },
        overrideAccess: false,
      }),
    ).rejects.toThrow()
    const content = Buffer.from('x')
    await expect(payload.create({ collection: 'app-files', data: {}, file: { data: content, mimetype: 'text/plain', name: 'x.txt', size: 1 }, overrideAccess: false, user })).rejects.toThrow()
  })
})
