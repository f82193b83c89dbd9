// No dead link: a crawl of the production build from /, /de and /ar, two levels deep. Every
// <a href> on the site's own origin is requested once; any 4xx or 5xx fails with the page that
// linked it. Requests only, no browser: what is checked is the server's answer to each link.
// A link with `hreflang` (the language menu) is the same page in another language. The start
// pages' are requested (every locale's home), never read; deeper pages' are left out, or every
// page would bring in the 32 locales of every page it links to: 939 pages rendered, two minutes
// of the server's one thread, instead of about 300. Every content route in sampled locales and
// every locale's home are content.e2e's and locales.e2e's.
import { describe, expect, it } from 'vitest'
import { baseUrl } from './browser'

const START = ['/', '/de', '/ar']
/** Pages at depth 0 and 1 are read for their links; links found at depth 2 are only requested. */
const DEPTH = 2
/** The server renders one page at a time per core: two requests keep it busy and leave the other worker room. */
const AT_ONCE = 2

const entities: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&lt;': '<', '&gt;': '>' }

type Link = { url: string; alternate: boolean }

/** The targets of a page's `<a href>` on the site's origin, without their fragment; `alternate` for a link with `hreflang`. */
function sameOriginLinks(html: string, page: URL): Link[] {
  const found: Link[] = []
  for (const match of html.matchAll(/<a\b([^>]*?)\shref="([^"]*)"([^>]*)>/gi)) {
    const raw = match[2]!.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (entity) => entities[entity]!)
    const alternate = /\shreflang=/i.test(`${match[1]} ${match[3]}`)
    if (!raw || raw.startsWith('#')) continue
    let target: URL
    try {
      target = new URL(raw, page)
    } catch {
      found.push({ url: raw, alternate })
      continue
    }
    if (target.origin !== page.origin) continue
    target.hash = ''
    found.push({ url: target.toString(), alternate })
  }
  return found
}

async function inTurn<T>(items: T[], count: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(count, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!)
    }),
  )
}

describe('links', () => {
  it('finds no link answering 4xx or 5xx from /, /de and /ar, two levels deep', async () => {
    const origin = new URL(baseUrl()).origin
    const linkedFrom = new Map<string, string>()
    const alternates = new Set<string>()
    let level = START.map((path) => new URL(path, origin).toString())
    for (const url of level) linkedFrom.set(url, '(start)')
    const broken: string[] = []
    let read = 0
    let anchors = 0
    for (let depth = 0; depth <= DEPTH && level.length; depth++) {
      const found: string[] = []
      await inTurn(level, AT_ONCE, async (url) => {
        let response: Response
        try {
          response = await fetch(url, { redirect: 'follow' })
        } catch (error) {
          broken.push(`${url}: ${(error as Error).message} (linked from ${linkedFrom.get(url)})`)
          return
        }
        if (response.status >= 400) {
          broken.push(`${response.status} ${url} (linked from ${linkedFrom.get(url)})`)
          await response.body?.cancel()
          return
        }
        const landed = new URL(response.url)
        if (depth === DEPTH || alternates.has(url) || landed.origin !== origin || !/text\/html/.test(response.headers.get('content-type') ?? '')) {
          await response.body?.cancel()
          return
        }
        read += 1
        for (const link of sameOriginLinks(await response.text(), landed)) {
          anchors += 1
          if (linkedFrom.has(link.url) || (link.alternate && depth > 0)) continue
          linkedFrom.set(link.url, url)
          if (link.alternate) alternates.add(link.url)
          found.push(link.url)
        }
      })
      level = found
    }
    console.log(`[links] ${read} pages read, ${anchors} links on them, ${linkedFrom.size} distinct addresses requested (${alternates.size} of them the start pages in other languages)`)
    expect(broken).toEqual([])
    expect(read).toBeGreaterThan(50)
    expect(alternates.size).toBeGreaterThan(10)
  }, 180_000)
})
