import { getPayload, type Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import config from '@payload-config'
import { query } from '@/services/db'
import { cmsRedirect, contentPageExists, proxyPool, ROUTES_RELOADED_EVENT, routeIndexState, routeSnapshot, stopRouteIndex } from '@/services/content/page-index'
import { activeExperiment } from '@/services/experiments/active'

let payload: Payload
const stamp = Date.now()

beforeAll(async () => {
  payload = await getPayload({ config })
  await stopRouteIndex()
})

afterAll(async () => {
  await stopRouteIndex()
})

const following = () => expect.poll(() => routeIndexState().following && routeIndexState().loads > 0, { timeout: 10_000, interval: 50 }).toBe(true)

describe('the route index of the request proxy', () => {
  it('answers with the queries before its first load, then from memory without a single query', async () => {
    expect(routeIndexState().loads).toBe(0)
    // The first call starts the follower; it answers at once by query (never a false 404).
    expect(await contentPageExists('/de/extras')).toBe(true)
    expect(await contentPageExists(`/missing-${stamp}`)).toBe(false)
    await following()

    const spy = vi.spyOn(proxyPool(), 'query')
    try {
      expect(await contentPageExists('/')).toBe(true)
      expect(await contentPageExists('/ar/extras')).toBe(true)
      expect(await contentPageExists('/de/blog/page/2')).toBe(true)
      await activeExperiment()
      expect(spy).not.toHaveBeenCalled()
      // A path missing from memory is confirmed by the database before it becomes a 404.
      expect(await contentPageExists(`/missing-${stamp}`)).toBe(false)
      expect(await cmsRedirect(`/missing-${stamp}`)).toBeNull()
      expect(spy).toHaveBeenCalledTimes(2)
    } finally {
      spy.mockRestore()
    }
  })

  it('follows a published page, its unpublishing and deletion, and a new redirect within a second', async () => {
    await following()
    const reloaded: { all: boolean; paths: string[] }[] = []
    process.on(ROUTES_RELOADED_EVENT, (change: { all: boolean; paths: string[] }) => reloaded.push(change))
    const path = `/landings/index-${stamp}`
    const page = await payload.create({ collection: 'pages', data: { path, title: 'Index check', _status: 'published', layout: [{ blockType: 'hero', heading: 'Index check' }] }, overrideAccess: true })
    expect(await contentPageExists(`/de${path}`)).toBe(true)
    await expect.poll(() => routeSnapshot()?.routes.has(`/de${path}`), { timeout: 1_000, interval: 20 }).toBe(true)
    // The web server's response cache hears of it once the routes are reloaded.
    await expect.poll(() => reloaded.some((change) => change.paths.includes(path)), { timeout: 1_000, interval: 20 }).toBe(true)

    await payload.update({ collection: 'pages', id: page.id, data: { _status: 'draft' }, overrideAccess: true })
    await expect.poll(() => contentPageExists(path), { timeout: 1_000, interval: 20 }).toBe(false)

    await payload.update({ collection: 'pages', id: page.id, data: { _status: 'published' }, overrideAccess: true })
    await expect.poll(() => contentPageExists(path), { timeout: 1_000, interval: 20 }).toBe(true)
    await payload.delete({ collection: 'pages', id: page.id, overrideAccess: true })
    await expect.poll(() => contentPageExists(path), { timeout: 1_000, interval: 20 }).toBe(false)

    const from = `/old-index-${stamp}`
    const redirect = await payload.create({ collection: 'redirects', data: { from, to: { type: 'custom', url: '/vpn' }, type: '302' }, overrideAccess: true })
    // At once, before its signal has arrived (the database confirms what memory does not know yet).
    expect(await cmsRedirect(`/fr${from}`)).toEqual({ target: '/vpn', status: 302 })
    await expect.poll(() => routeSnapshot()?.routes.redirect(from), { timeout: 1_000, interval: 20 }).toEqual({ target: '/vpn', status: 302 })
    await payload.delete({ collection: 'redirects', id: redirect.id, overrideAccess: true })
    await expect.poll(() => cmsRedirect(from), { timeout: 1_000, interval: 20 }).toBeNull()
  })

  it('follows a change to the active experiment', async () => {
    await following()
    const experiment = await payload.create({
      collection: 'experiments',
      data: { name: `index-${stamp}`, active: true, variants: [{ label: 'A', weight: 50, view: 'pickup' }, { label: 'B', weight: 50, view: 'pickup-b' }] },
      overrideAccess: true,
    })
    try {
      await expect.poll(async () => (await activeExperiment())?.name, { timeout: 1_000, interval: 20 }).toBe(`index-${stamp}`)
    } finally {
      await payload.update({ collection: 'experiments', id: experiment.id, data: { active: false }, overrideAccess: true })
    }
    await expect.poll(async () => (await activeExperiment())?.name, { timeout: 1_000, interval: 20 }).not.toBe(`index-${stamp}`)
  })

  it('reloads in full after its listening connection was dropped (signals sent meanwhile are lost)', async () => {
    await following()
    const before = routeIndexState()
    // A redirect written without a signal: only a full reload can see it.
    const from = `/silent-${stamp}`
    await query(payload, `insert into redirects ("from", to_type, to_url, type, updated_at, created_at) values ($1, 'custom', '/vpn', '301', now(), now())`, [from])
    try {
      expect(routeSnapshot()?.routes.redirect(from)).toBeNull()
      await query(payload, 'select pg_terminate_backend($1)', [before.backendPid])
      await expect.poll(() => routeIndexState().backendPid !== before.backendPid && routeIndexState().following, { timeout: 10_000, interval: 50 }).toBe(true)
      await expect.poll(() => routeSnapshot()?.routes.redirect(from), { timeout: 5_000, interval: 50 }).toEqual({ target: '/vpn', status: 301 })
      expect(routeIndexState().loads).toBeGreaterThan(before.loads)
      expect(routeSnapshot()).toBeDefined()
    } finally {
      await query(payload, 'delete from redirects where "from" = $1', [from])
    }
  })
})
