import { mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { hashUploadedFile, keepOneCurrent } from '.'

const media = path.join(tmpdir(), `media-${process.pid}`)
type HookArgs = Parameters<typeof keepOneCurrent>[0]
const args = (value: Partial<HookArgs> & { payload?: Record<string, unknown> }) => ({ context: {}, req: { payload: value.payload ?? {} }, ...value }) as unknown as HookArgs

beforeEach(() => {
  vi.stubEnv('MEDIA_DIR', media)
  mkdirSync(path.join(media, 'app-files'), { recursive: true })
})
afterEach(() => vi.restoreAllMocks())

describe('one current release per product and platform', () => {
  it('makes the other current releases of that product and platform past ones before saving', async () => {
    const update = vi.fn(async () => ({ docs: [] }))
    await keepOneCurrent(args({ data: { current: true, product: 'vpn', platform: 'windows' }, originalDoc: { id: 7 }, payload: { update } }))
    expect(update).toHaveBeenCalledTimes(1)
    expect(update.mock.calls[0]).toMatchObject([
      {
        collection: 'app-releases',
        where: { and: [{ product: { equals: 'vpn' } }, { platform: { equals: 'windows' } }, { current: { equals: true } }, { id: { not_equals: 7 } }] },
        data: { current: false },
        context: { demoting: true },
      },
    ])
  })

  it('takes product and platform from the stored release when a save changes neither', async () => {
    const update = vi.fn(async () => ({ docs: [] }))
    await keepOneCurrent(args({ data: { current: true }, originalDoc: { id: 2, product: 'firewall', platform: 'linux' }, payload: { update } }))
    expect(JSON.stringify(update.mock.calls[0])).toContain('"firewall"')
    expect(JSON.stringify(update.mock.calls[0])).toContain('"linux"')
  })

  it('leaves the others alone for a past release, and inside its own demotion', async () => {
    const update = vi.fn()
    await keepOneCurrent(args({ data: { current: false, product: 'vpn', platform: 'mac' }, payload: { update } }))
    await keepOneCurrent(args({ data: { current: true, product: 'vpn', platform: 'mac' }, context: { demoting: true }, payload: { update } }))
    expect(update).not.toHaveBeenCalled()
  })
})

describe('the hash of an uploaded file', () => {
  it('is computed from the stored file when the release points at a new one', async () => {
    writeFileSync(path.join(media, 'app-files', 'setup.exe'), 'abc')
    const findByID = vi.fn(async () => ({ id: 4, filename: 'setup.exe' }))
    const data = await hashUploadedFile(args({ data: { file: 4, sha256: 'f'.repeat(64), fileSize: 1 }, originalDoc: { file: 3, sha256: 'f'.repeat(64), fileSize: 1 }, payload: { findByID } }))
    expect(data).toMatchObject({ sha256: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad', fileSize: 3 })
  })

  it('is computed again when someone typed over it, and left as it is otherwise', async () => {
    writeFileSync(path.join(media, 'app-files', 'setup.exe'), 'abc')
    const findByID = vi.fn(async () => ({ id: 4, filename: 'setup.exe' }))
    const stored = { file: { id: 4 }, sha256: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad', fileSize: 3 }
    expect(await hashUploadedFile(args({ data: { ...stored, sha256: '0'.repeat(64) }, originalDoc: stored, payload: { findByID } }))).toMatchObject({ sha256: stored.sha256 })
    findByID.mockClear()
    expect(await hashUploadedFile(args({ data: { ...stored, file: 4 }, originalDoc: stored, payload: { findByID } }))).toMatchObject({ sha256: stored.sha256 })
    expect(findByID).not.toHaveBeenCalled()
    // An external download keeps the hash entered.
    expect(await hashUploadedFile(args({ data: { externalUrl: 'https://cdn.example/x.exe', sha256: '1'.repeat(64) }, payload: { findByID } }))).toMatchObject({ sha256: '1'.repeat(64) })
    expect(findByID).not.toHaveBeenCalled()
  })
})
