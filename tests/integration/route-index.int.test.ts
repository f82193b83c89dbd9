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

type Change = { all: boolean; paths: string[] }

/**
 * The next reload of the snapshot whose change matches, listened for before the write that
 * causes it: the snapshot is already the new one when the event comes. How quickly an edit is
 * followed is `npm run bench:routes`' figure; the timeout here only catches a signal that never comes.
 */
function reloadFor(match: (change: Change) => boolean): Promise<Change> {
  return new Promise((resolve, reject) => {
    const events = process as unknown as NodeJS.EventEmitter
    const listener = (change: Change) => {
      if (!match(change)) return
      stop()
      resolve(change)
    }
    const timer = setTimeout(() => {
      stop()
      reject(new Error('the route index was not reloaded for the change'))
    }, 15_000)
    const stop = () => {
      clearTimeout(timer)
      events.off(ROUTES_RELOADED_EVENT, listener)
    }
    events.on(ROUTES_RELOADED_EVENT, listener)
  })
}
const touching = (path: string) => (change: Change) => change.all || change.paths.includes(path)

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

  it('follows a published page, its unpublishing and deletion, and a new redirect on their signals', async () => {
    await following()
    const path = `/landings/index-${stamp}`
    let reloaded = reloadFor(touching(path))
    const page = await payload.create({ collection: 'pages', data: { path, title: 'Index check', _status: 'published', layout: [{ blockType: 'hero', heading: 'Index check' }] }, overrideAccess: true })
    // At once, before its signal has arrived (the database confirms what memory does not know yet).
    expect(await contentPageExists(`/de${path}`)).toBe(true)
    // The web server's response cache hears of it once the routes are reloaded.
    expect((await reloaded).paths).toContain(path)
    expect(routeSnapshot()?.routes.has(`/de${path}`)).toBe(true)

    reloaded = reloadFor(touching(path))
    await payload.update({ collection: 'pages', id: page.id, data: { _status: 'draft' }, overrideAccess: true })
    await reloaded
    expect(await contentPageExists(path)).toBe(false)

    reloaded = reloadFor(touching(path))
    await payload.update({ collection: 'pages', id: page.id, data: { _status: 'published' }, overrideAccess: true })
    await reloaded
    expect(await contentPageExists(path)).toBe(true)
    reloaded = reloadFor(touching(path))
    await payload.delete({ collection: 'pages', id: page.id, overrideAccess: true })
    await reloaded
    expect(await contentPageExists(path)).toBe(false)

    const from = `/old-index-${stamp}`
    reloaded = reloadFor(touching(from))
    const redirect = await payload.create({ collection: 'redirects', data: { from, to: { type: 'custom', url: '/vpn' }, type: '302' }, overrideAccess: true })
    expect(await cmsRedirect(`/fr${from}`)).toEqual({ target: '/vpn', status: 302 })
    await reloaded
    expect(routeSnapshot()?.routes.redirect(from)).toEqual({ target: '/vpn', status: 302 })
    reloaded = reloadFor(touching(from))
    await payload.delete({ collection: 'redirects', id: redirect.id, overrideAccess: true })
    await reloaded
    expect(routeSnapshot()?.routes.redirect(from)).toBeNull()
    expect(await cmsRedirect(from)).toBeNull()
  })

  it('follows a change to the active experiment', async () => {
    await following()
    let reloaded = reloadFor(touching('/order/pickup'))
    const experiment = await payload.create({
      collection: 'experiments',
      data: { name: `index-${stamp}`, active: true, variants: [{ label: 'A', weight: 50, view: 'pickup' }, { label: 'B', weight: 50, view: 'pickup-b' }] },
      overrideAccess: true,
    })
    try {
      await reloaded
      expect((await activeExperiment())?.name).toBe(`index-${stamp}`)
    } finally {
      reloaded = reloadFor(touching('/order/pickup'))
      await payload.update({ collection: 'experiments', id: experiment.id, data: { active: false }, overrideAccess: true })
    }
    await reloaded
    expect((await activeExperiment())?.name).not.toBe(`index-${stamp}`)
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
