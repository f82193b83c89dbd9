// The site's API routes as the hostile-input suite reads them: every `src/app/api/**/route.ts`,
// its path pattern and the methods it exports, and fast-check arbitraries that fill its bracketed
// segments with plausible and hostile values. Routes a later change adds are listed without
// editing this file.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { HTTP_METHODS, type HttpMethod } from '@/lib/http-methods'

export type RouteSegment = { kind: 'static'; value: string } | { kind: 'param'; name: string } | { kind: 'catchAll'; name: string }

export type ApiRoute = {
  /** The route file, relative to the project. */
  file: string
  /** `/api/veilgate/account/orders/[hash]`: the directories, brackets kept. */
  pattern: string
  segments: RouteSegment[]
  /** The methods the file serves (its exports less those `otherMethods()` refuses), in `HTTP_METHODS` order. */
  methods: HttpMethod[]
}

/**
 * The HTTP methods a route file's source serves: `export const GET =`, `export (async) function
 * POST`, `export const { GET, POST } =`, `export { GET }`; not those `export const { PUT, … } =
 * otherMethods(…)` refuses with a 405.
 */
export function exportedMethods(source: string): HttpMethod[] {
  const names = new Set<string>()
  for (const match of source.matchAll(/^export\s+(?:const|let|async\s+function|function)\s+([A-Z]+)\b/gm)) names.add(match[1]!)
  for (const match of source.matchAll(/^export\s+(?:const\s*)?\{([^}]*)\}(.*)$/gm)) {
    // What `otherMethods()` answers with a 405 is refused, not served.
    if (/^\s*=\s*otherMethods\(/.test(match[2]!)) continue
    // `{ GET, POST }`; `{ read: GET }` (destructured) and `{ read as GET }` export the name on the right.
    for (const part of match[1]!.split(',')) {
      const exported = part.split(/\s+as\s+|:/).pop()?.trim()
      if (exported) names.add(exported)
    }
  }
  return HTTP_METHODS.filter((method) => names.has(method))
}

function segmentOf(directory: string): RouteSegment {
  const catchAll = /^\[\.\.\.(\w+)\]$/.exec(directory)
  if (catchAll) return { kind: 'catchAll', name: catchAll[1]! }
  const param = /^\[(\w+)\]$/.exec(directory)
  if (param) return { kind: 'param', name: param[1]! }
  return { kind: 'static', value: directory }
}

/** Every route file under `<root>/src/app/api`, sorted by pattern. */
export function listApiRoutes(root: string): ApiRoute[] {
  const apiDir = path.join(root, 'src', 'app', 'api')
  const files = (readdirSync(apiDir, { recursive: true }) as string[]).filter((entry) => path.basename(entry) === 'route.ts')
  return files
    .map((entry) => {
      const directories = path.dirname(entry) === '.' ? [] : path.dirname(entry).split(path.sep)
      // A route group `(name)` is not part of the URL.
      const segments = [{ kind: 'static', value: 'api' } as RouteSegment, ...directories.filter((directory) => !/^\(.*\)$/.test(directory)).map(segmentOf)]
      const pattern = `/${segments.map((segment) => (segment.kind === 'static' ? segment.value : segment.kind === 'param' ? `[${segment.name}]` : `[...${segment.name}]`)).join('/')}`
      return { file: path.join('src', 'app', 'api', entry), pattern, segments, methods: exportedMethods(readFileSync(path.join(apiDir, entry), 'utf8')) }
    })
    .sort((a, b) => a.pattern.localeCompare(b.pattern))
}

/** Strings a path segment is fuzzed with, already in URL form (percent-encoded, or raw percent junk on purpose). */
export const hostileSegment = fc.oneof(
  fc.constantFrom('%00', '%ff%fe', '%2e%2e%2f', '..', '%E0%A4%A', '%', 'null', 'undefined', '-1', '1e308', 'NaN', '__proto__', '%3Cscript%3E', '%27%20OR%201%3D1%20--', 'x'.repeat(5_000)),
  fc.string({ minLength: 1, maxLength: 40 }).map(encodeURIComponent),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }).map((text) => encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '\uFFFD'))),
)

/** A plausible value for a named parameter (an id, an order hash, a sandbox payment reference), else a hostile one. */
export function paramValue(name: string): fc.Arbitrary<string> {
  const plausible: Record<string, fc.Arbitrary<string>> = {
    id: fc.integer({ min: 0, max: 2 ** 31 }).map(String),
    hash: fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'), minLength: 22, maxLength: 22 }),
    attempt: fc.tuple(fc.nat(100_000), fc.integer({ min: 1, max: 5 })).map(([order, attempt]) => `sbx_${order}_${attempt}`),
  }
  return fc.oneof(plausible[name] ?? fc.string({ minLength: 1, maxLength: 20 }).map(encodeURIComponent), hostileSegment)
}

/** A concrete path of `route`: parameters filled, a catch-all with one to four segments, with or without the trailing slash. */
export function routePath(route: ApiRoute): fc.Arbitrary<string> {
  const parts = route.segments.map((segment) =>
    segment.kind === 'static' ? fc.constant(segment.value) : segment.kind === 'param' ? paramValue(segment.name) : fc.array(hostileSegment, { minLength: 1, maxLength: 4 }).map((list) => list.join('/')),
  )
  return fc.tuple(fc.tuple(...parts), fc.boolean()).map(([filled, slash]) => `/${filled.join('/')}${slash ? '/' : ''}`)
}
