import { getPayload, type Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { GET as clearCache } from '@/app/api/coms/clear-cache/route'
import { GET as providerClearCache } from '@/app/api/veilgate/clear-cache/route'
import { GET as childrenPagination } from '@/app/api/coms/pages/children-by-url-pagination/route'
import { GET as children } from '@/app/api/coms/pages/children/route'
import { GET as glossary } from '@/app/api/coms/pages/glossary-page/route'
import { GET as page } from '@/app/api/coms/pages/page/route'
import { GET as searchV1 } from '@/app/api/coms/pages-search/route'
import { GET as searchV2 } from '@/app/api/coms/pages-search-v2/route'
import { GET as site } from '@/app/api/coms/site/route'
import { POST as survey } from '@/app/api/coms/survey/route'
import { markdownToLexical } from '@/services/content/markdown'
import { sitemapDocuments } from '@/services/content/sitemap'

let payload: Payload
const none = undefined as never

const get = async (handler: (request: Request, context: never) => Promise<Response>, url: string, headers: Record<string, string> = {}) => {
  const response = await handler(new Request(`http://localhost${url}`, { headers }), none)
  return { status: response.status, body: await response.json() }
}

beforeAll(async () => {
  payload = await getPayload({ config })
})

describe('/api/coms/pages/page/', () => {
  it('answers components, settings, hreflang locales, breadcrumbs and pricing plans keyed by id', async () => {
    const { status, body } = await get(page, '/api/coms/pages/page/?path=/extras/personal-static-ip&ts=123')
    expect(status).toBe(200)
    expect(body.components[0]).toMatchObject({ name: 'hero', data: expect.any(Object), children: [] })
    expect(body.settings).toHaveProperty('description')
    expect(body.hreflangLocales).toContain('en')
    expect(Array.isArray(body.breadcrumbs)).toBe(true)
    expect(body.pricingPlans['static-ip-1y']).toMatchObject({
      id: 'static-ip-1y',
      cost: 5988,
      info: { type: 'year', count: 1 },
      description: expect.any(String),
    })
  })

  it('takes the locale from the path prefix and retries without it', async () => {
    const { body } = await get(page, '/api/coms/pages/page/?path=/ua/extras')
    expect(body).toMatchObject({ path: '/extras', locale: 'ua' })
  })

  it('answers 404 and 400 as JSON without stack traces', async () => {
    expect(await get(page, '/api/coms/pages/page/?path=/no/such/page')).toMatchObject({ status: 404, body: { statusCode: 404, code: 'NOT_FOUND', field: 'path' } })
    // The fuzz's case (FUZZ_SEED=186064307): an unknown page answered a code outside the catalogue.
    expect(await get(page, `/api/coms/pages/page/?path=/${'é'.repeat(40)}&token=${'%C3%A9'.repeat(40)}`)).toMatchObject({ status: 404, body: { statusCode: 404, code: 'NOT_FOUND' } })
    const invalid = await get(page, '/api/coms/pages/page/?path=nope')
    expect(invalid.status).toBe(400)
    expect(JSON.stringify(invalid.body)).not.toMatch(/at .*\.ts/)
  })
})

describe('listings', () => {
  it('lists help articles under a path and paginates the blog', async () => {
    const manuals = await get(children, '/api/coms/pages/children/?path=/help/manuals')
    expect(manuals.body.map((item: { path: string }) => item.path)).toContain('/help/manuals/wireguard/windows')
    const second = await get(childrenPagination, '/api/coms/pages/children-by-url-pagination/?url=/blog&page=2&perPage=5')
    expect(second.body).toMatchObject({ page: 2, totalDocs: 12, totalPages: 3 })
    expect(second.body.items).toHaveLength(5)
  })

  it('answers the glossary and the site facts', async () => {
    expect((await get(glossary, '/api/coms/pages/glossary-page/?locale=de')).body.terms.length).toBeGreaterThan(5)
    const facts = await get(site, '/api/coms/site/')
    expect(facts.body.locales).toHaveLength(32)
    expect(facts.body.provider).toBe('veilgate')
  })
})

describe('search', () => {
  it('finds a word from a manual in English and from the Russian site, case-insensitively', async () => {
    for (const url of ['/api/coms/pages-search/?q=strongswan&locale=en', '/api/coms/pages-search/?q=StrongSwan&locale=ru']) {
      const { body } = await get(searchV1, url)
      expect(body.length, url).toBeGreaterThan(0)
      expect(body[0].path).toMatch(/^\/help\/manuals\//)
      expect(body[0].snippet).toMatch(/<mark>/i)
    }
  })

  it('matches Cyrillic text regardless of case', async () => {
    const ru = await payload.find({ collection: 'pages', where: { path: { equals: '/' } }, locale: 'ru', limit: 1 })
    const word = (ru.docs[0]?.layout?.[0] as { heading: string }).heading.split(/\s+/)[0]!.replace(/[,.!]/g, '')
    const { body } = await get(searchV2, `/api/coms/pages-search-v2/?q=${encodeURIComponent(word.toUpperCase())}&locale=ru`)
    expect(body.total).toBeGreaterThan(0)
    expect(body.hits.map((hit: { path: string }) => hit.path)).toContain('/')
  })

  it('pages results and refuses an empty query', async () => {
    const { body } = await get(searchV2, '/api/coms/pages-search-v2/?q=vpn&perPage=2&page=2')
    expect(body).toMatchObject({ page: 2, perPage: 2 })
    expect(body.hits).toHaveLength(2)
    expect((await get(searchV2, '/api/coms/pages-search-v2/?q=')).status).toBe(400)
  })
})

describe('survey', () => {
  it('stores answers to a form built in the admin and checks required fields', async () => {
    const form = await payload.create({
      collection: 'forms',
      data: {
        title: 'Exit survey',
        fields: [{ blockType: 'text', name: 'reason', label: 'Why are you leaving?', required: true }],
        confirmationType: 'message',
        confirmationMessage: markdownToLexical('Thank you for your answer.'),
      } as never,
    })
    const post = (data: unknown) =>
      survey(new Request('http://localhost/api/coms/survey/', { method: 'POST', body: JSON.stringify(data), headers: { 'content-type': 'application/json' } }), none)
    const ok = await post({ form: form.id, answers: [{ field: 'reason', value: 'Too expensive' }] })
    expect(ok.status).toBe(201)
    expect((await payload.count({ collection: 'form-submissions' })).totalDocs).toBe(1)
    expect((await post({ form: form.id, answers: [{ field: 'reason', value: ' ' }] })).status).toBe(400)
    const missing = await post({ form: 999_999, answers: [{ field: 'x', value: 'y' }] })
    expect(missing.status).toBe(404)
    expect(await missing.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' })
    expect((await post({ answers: [] })).status).toBe(400)
  })
})

describe('hidden service endpoints', () => {
  it('are for admins only', async () => {
    expect((await get(clearCache, '/api/coms/clear-cache/')).status).toBe(401)
    const { token } = await payload.login({ collection: 'admins', data: { email: 'admin@veilgate.local', password: 'veilgate-admin' } })
    const allowed = await get(clearCache, '/api/coms/clear-cache/', { authorization: `JWT ${token}` })
    expect(allowed).toMatchObject({ status: 200, body: { cleared: true } })
  })

  it('/api/veilgate/clear-cache/ is the same: 401 EXPIRED_SESSION without an admin’s session, { cleared: true } with one', async () => {
    expect(await get(providerClearCache, '/api/veilgate/clear-cache/')).toMatchObject({ status: 401, body: { statusCode: 401, code: 'EXPIRED_SESSION' } })
    expect(await get(providerClearCache, '/api/veilgate/clear-cache/', { authorization: 'JWT not-a-token' })).toMatchObject({ status: 401, body: { code: 'EXPIRED_SESSION' } })
    const { token } = await payload.login({ collection: 'admins', data: { email: 'admin@veilgate.local', password: 'veilgate-admin' } })
    expect(await get(providerClearCache, '/api/veilgate/clear-cache/', { authorization: `JWT ${token}` })).toEqual({ status: 200, body: { cleared: true } })
  })
})

describe('sitemap documents', () => {
  it('lists translated locales per document and leaves noindex pages out', async () => {
    const docs = await sitemapDocuments(payload)
    const home = docs.find((doc) => doc.path === '/')
    expect(home?.locales).toEqual(expect.arrayContaining(['en', 'de', 'ua', 'jp']))
    expect(docs.some((doc) => doc.path === '/exclusive-qa2-test-hidden')).toBe(false)
    expect(docs.some((doc) => doc.path.startsWith('/blog/'))).toBe(true)
  })
})
