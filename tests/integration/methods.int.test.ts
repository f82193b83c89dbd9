// Every API route file answers every method: what it serves, and for the rest one JSON 405
// METHOD_NOT_ALLOWED with `Allow` naming what it serves, made by `otherMethods()` (src/lib/http.ts).
// The route files are read by the hostile-input suite's lister, so a new route is checked as it lands.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { HTTP_METHODS } from '@/lib/http-methods'
import { listApiRoutes } from '../support/api-routes'
import { root } from '../support/test-db'

type Handler = (request: Request, context: unknown) => Promise<Response>
const routes = listApiRoutes(root).filter((route) => route.pattern !== '/api/[...path]')

/** `export const { PUT, … } = otherMethods('GET', …)` in a route file's source: the methods it names as served. */
async function servedOf(file: string): Promise<string[] | null> {
  const call = /otherMethods\(([^)]*)\)/.exec(await readFile(path.join(root, file), 'utf8'))
  return call ? [...call[1]!.matchAll(/'([A-Z]+)'/g)].map((match) => match[1]!) : null
}

describe('methods of every API route', () => {
  it('are all exported by each route file, those it does not serve by otherMethods(), answering a JSON 405 with Allow', async () => {
    expect(routes.length).toBeGreaterThan(80)
    for (const route of routes) {
      const exported = (await import(path.join(root, route.file))) as Partial<Record<string, Handler>>
      const served = await servedOf(route.file)
      expect(served, `${route.file} uses otherMethods()`).not.toBeNull()
      const allowed = new Set(served)
      if (allowed.has('GET')) allowed.add('HEAD')
      const allow = HTTP_METHODS.filter((method) => allowed.has(method)).join(', ')
      for (const method of HTTP_METHODS) {
        if (allowed.has(method)) {
          // Served: its own handler (HEAD may come from GET, as Next answers it).
          if (method !== 'HEAD' || served!.includes('HEAD')) expect(exported[method], `${route.pattern} ${method}`).toBeTypeOf('function')
          continue
        }
        const refuse = exported[method]
        expect(refuse, `${route.pattern} ${method}`).toBeTypeOf('function')
        const url = `http://localhost${route.pattern.replace(/\[(\w+)\]/g, '1')}/`
        const answer = await refuse!(new Request(url, { method }), { params: Promise.resolve({ id: '1', hash: '1', attempt: '1' }) })
        expect(answer.status, `${route.pattern} ${method}`).toBe(405)
        expect(answer.headers.get('allow'), `${route.pattern} ${method}`).toBe(allow)
        expect(await answer.json()).toEqual({ statusCode: 405, code: 'METHOD_NOT_ALLOWED', message: expect.any(String) })
      }
    }
  })
})
