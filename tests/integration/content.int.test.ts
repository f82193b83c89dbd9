import { getPayload, type Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { resolvePage } from '@/services/content/pages'
import { seed } from '@/seed'

let payload: Payload

beforeAll(async () => {
  // The first start migrates the empty database and seeds it.
  payload = await getPayload({ config })
})

describe('a fresh database', () => {
  it('has every committed migration applied', async () => {
    const result = await payload.find({ collection: 'payload-migrations', limit: 100 })
    expect(result.docs.length).toBeGreaterThan(0)
  })

  it('has the first admin from ADMIN_EMAIL / ADMIN_PASSWORD defaults', async () => {
    const admins = await payload.find({ collection: 'admins', overrideAccess: true })
    expect(admins.docs.map((a) => a.email)).toEqual(['admin@veilgate.local'])
    const login = await payload.login({ collection: 'admins', data: { email: 'admin@veilgate.local', password: 'veilgate-admin' } })
    expect(login.token).toBeTruthy()
  })

  it('seeds only once', async () => {
    await seed(payload)
    await seed(payload)
    const pages = (await payload.count({ collection: 'pages' })).totalDocs
    await seed(payload)
    expect((await payload.count({ collection: 'pages' })).totalDocs).toBe(pages)
    expect(pages).toBeGreaterThan(50)
    expect((await payload.count({ collection: 'posts' })).totalDocs).toBe(12)
    expect((await payload.count({ collection: 'admins', overrideAccess: true })).totalDocs).toBe(1)
  })
})

describe('page resolution', () => {
  it('finds the home page in English and in translated locales', async () => {
    const en = await resolvePage('/', 'en')
    expect(en?.fallback).toBe(false)
    expect(en?.page.layout?.[0]?.blockType).toBe('hero')
    const de = await resolvePage('/', 'de')
    expect(de?.fallback).toBe(false)
    const heading = (page: typeof en) => (page?.page.layout?.[0] as { heading?: string } | undefined)?.heading
    expect(heading(de)).toBeTruthy()
    expect(heading(de)).not.toBe(heading(en))
    expect(de?.translatedLocales).toEqual(expect.arrayContaining(['en', 'de', 'ua', 'jp', 'ar', 'fa']))
  })

  it('falls back to English, flagged, where there is no translation', async () => {
    const en = await resolvePage('/', 'en')
    const be = await resolvePage('/', 'be')
    expect(be?.fallback).toBe(true)
    expect(be?.page.title).toBe(en?.page.title)
  })

  it('retries once with the locale prefix stripped, then gives up', async () => {
    expect((await resolvePage('/de', 'de'))?.page.path).toBe('/')
    expect(await resolvePage('/no-such-page', 'en')).toBeNull()
    expect(await resolvePage('/de/no-such-page', 'de')).toBeNull()
  })

  it('normalises page paths on save and keeps them unique', async () => {
    const created = await payload.create({
      collection: 'pages',
      data: { title: 'Spring sale', path: 'landings/spring-sale/', _status: 'published' },
      context: { disableRevalidate: true },
    })
    expect(created.path).toBe('/landings/spring-sale')
    await expect(
      payload.create({ collection: 'pages', data: { title: 'Again', path: '/landings/spring-sale', _status: 'published' } }),
    ).rejects.toThrow()
    await payload.delete({ collection: 'pages', id: created.id, context: { disableRevalidate: true } })
  })
})
