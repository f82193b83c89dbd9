import { readdirSync } from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { exportedMethods, listApiRoutes, paramValue, routePath } from './api-routes'

const root = path.resolve(import.meta.dirname, '..', '..')
const routes = listApiRoutes(root)
const byPattern = (pattern: string) => routes.find((route) => route.pattern === pattern)

describe('the API route lister', () => {
  it('finds every route file, each once, with its path pattern', () => {
    const files = (readdirSync(path.join(root, 'src', 'app', 'api'), { recursive: true }) as string[]).filter((entry) => entry.endsWith(`${path.sep}route.ts`) || entry === 'route.ts')
    expect(routes).toHaveLength(files.length)
    expect(new Set(routes.map((route) => route.pattern)).size).toBe(routes.length)
    expect(routes.every((route) => route.pattern.startsWith('/api/') && route.methods.length > 0)).toBe(true)
  })

  it('reads the methods each file exports, in every form the files use', () => {
    expect(byPattern('/api/coms/site')?.methods).toEqual(['GET'])
    expect(byPattern('/api/veilgate/account/subscriptions/[id]/auto-renew')).toMatchObject({ methods: ['POST'], segments: expect.arrayContaining([{ kind: 'param', name: 'id' }]) })
    expect(byPattern('/api/[...path]')).toMatchObject({ methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'], segments: [{ kind: 'static', value: 'api' }, { kind: 'catchAll', name: 'path' }] })
    expect(byPattern('/api/veilgate/clear-cache')?.methods).toEqual(['GET'])
    expect(exportedMethods('export async function POST(request) {}\nexport function GET() {}\nexport const dynamic = "force-dynamic"')).toEqual(['GET', 'POST'])
    expect(exportedMethods('export const { GET, OPTIONS, POST } = geoRoute(answer)\nexport { read as PUT }')).toEqual(['GET', 'POST', 'PUT', 'OPTIONS'])
    expect(exportedMethods('export const { read: DELETE } = routes\nconst PATCH = 1')).toEqual(['DELETE'])
    expect(exportedMethods("export const GET = handler(read)\nexport const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET')")).toEqual(['GET'])
  })
})

describe('the route path arbitraries', () => {
  it('fill every bracketed segment and keep the static ones, with or without the trailing slash', () => {
    fc.assert(
      fc.property(fc.constantFrom(...routes).chain((route) => fc.tuple(fc.constant(route), routePath(route))), ([route, concrete]) => {
        const prefix = `/${route.segments.filter((segment) => segment.kind === 'static').map((segment) => (segment as { value: string }).value)[0]}/`
        expect(concrete.startsWith(prefix)).toBe(true)
        expect(concrete).not.toMatch(/[?#\s]/)
        expect(concrete).not.toContain(`[`)
        // As many segments as the pattern (a catch-all takes one to four; a value never holds a raw slash).
        const count = concrete.replace(/\/$/, '').split('/').length - 1
        const fixed = route.segments.filter((segment) => segment.kind !== 'catchAll').length
        if (route.segments.some((segment) => segment.kind === 'catchAll')) expect(count).toBeGreaterThan(fixed)
        else expect(count).toBe(fixed)
      }),
      { seed: 7, numRuns: 500 },
    )
  })

  it('give plausible values for the known parameters among the hostile ones, the same for the same seed', () => {
    const ids = fc.sample(paramValue('id'), { seed: 11, numRuns: 200 })
    expect(ids.some((value) => /^\d+$/.test(value))).toBe(true)
    expect(ids.some((value) => !/^\d+$/.test(value))).toBe(true)
    expect(fc.sample(paramValue('hash'), { seed: 11, numRuns: 200 }).some((value) => /^[A-Za-z0-9_-]{22}$/.test(value))).toBe(true)
    expect(fc.sample(paramValue('attempt'), { seed: 11, numRuns: 200 }).some((value) => /^sbx_\d+_\d$/.test(value))).toBe(true)
    expect(fc.sample(paramValue('id'), { seed: 11, numRuns: 200 })).toEqual(ids)
  })
})
