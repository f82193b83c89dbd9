// Next's client scripts start loading after the page's first paint.
//
// Next writes each chunk of the App Router as `<script src="/_next/static/…" async>` (and some as
// `<link rel="preload" as="script">`) in the head, so the browser fetches about 150 KiB of
// JavaScript while it still waits for the style sheet and the fonts, and runs it before it first
// paints. A held page (scripts/lib/secure-response.mjs) instead gets one small loader,
// `/scripts/after-paint.js`, which adds the same scripts, with their integrity, as soon as the
// first contentful paint is recorded. The text is readable at once and the bandwidth of a slow
// link goes to the style sheet and fonts first; the page hydrates right after its first paint.
// Inline scripts (the flight data, Turbopack's bootstrap) stay where they are: they only queue
// data for the runtime. Pages with a nonce (the admin, search, previews) are streamed unchanged.
//
// A page that marks an element `data-hydrate="demand"` (the content pages: pages of blocks, posts,
// help articles; the picker, checkout) gets `data-start="demand"` on the loader: its scripts wait,
// after the first paint, for the visitor or an island in view (src/page-scripts/after-paint.js,
// docs/decisions). Its flight data waits with them: each `self.__next_f.push([…])` script becomes
// a JSON block (`<script type="application/json" data-flight>[…]</script>`) that the loader
// queues for the runtime when it starts. Run as scripts, the 40-70 KB of flight text on a page
// were parsed and evaluated while the page was read (10-18 ms of tasks around its first paint
// here, four times that on Lighthouse's slower CPU) for a runtime that may never start.

import { flightData } from './secure-response.mjs'

/** The loader; served from `public/`, so the page policy's `'self'` allows it and what it adds. */
export const LOADER_SRC = '/scripts/after-paint.js'

/** The attribute of a deferred flight block (the loader reads the same name). */
export const FLIGHT_MARK = 'data-flight'

/** Next's chunk URLs and SRI values; anything else (which would need escaping) stays in the HTML. */
const NEXT_CHUNK = /^\/_next\/static\/[A-Za-z0-9._~/%+-]+$/
const INTEGRITY = /^(sha(256|384|512)-[A-Za-z0-9+/=]+)?$/
const SCRIPT_TAG = /<script\b([^>]*)>\s*<\/script\s*>/gi
const PRELOAD_TAG = /<link\b([^>]*)\/?>/gi
/** An inline script without attributes, as Next writes its flight data. */
const BARE_SCRIPT = /<script>([\s\S]*?)<\/script\s*>/gi

function attributes(text) {
  const found = new Map()
  for (const [, name, , double, single, bare] of text.matchAll(/([^\s=/]+)(\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    found.set(name.toLowerCase(), double ?? single ?? bare ?? '')
  }
  return found
}

/** The content pages' mark (an attribute of an element; text that shows it is escaped). */
export const DEMAND_MARK = 'data-hydrate="demand"'
const DEMAND = new RegExp(`<[a-z][^<>]*\\s${DEMAND_MARK}[^<>]*>`, 'i')

/** One entry of the loader's list: `url` or `url|integrity`. */
const entry = (src, integrity) => (integrity ? `${src}|${integrity}` : src)

/**
 * The page with Next's async chunk scripts and script preloads taken out of the HTML and handed
 * to the loader instead. A page without such scripts (or one that already has the loader) comes
 * back as it was. Classic `noModule` polyfills and scripts of other origins are left alone.
 */
export function loadScriptsAfterPaint(html) {
  if (html.includes(`src="${LOADER_SRC}"`)) return html
  const scripts = []
  const preloads = []
  let rewritten = html.replace(SCRIPT_TAG, (tag, text) => {
    const attrs = attributes(text)
    const src = attrs.get('src')
    if (!src || !NEXT_CHUNK.test(src) || !INTEGRITY.test(attrs.get('integrity') ?? '') || !attrs.has('async') || attrs.has('nomodule') || attrs.has('nonce') || attrs.has('type')) return tag
    scripts.push(entry(src, attrs.get('integrity')))
    return ''
  })
  rewritten = rewritten.replace(PRELOAD_TAG, (tag, text) => {
    const attrs = attributes(text)
    const href = attrs.get('href')
    if (attrs.get('rel') !== 'preload' || attrs.get('as') !== 'script' || !href || !NEXT_CHUNK.test(href) || !INTEGRITY.test(attrs.get('integrity') ?? '')) return tag
    preloads.push(entry(href, attrs.get('integrity')))
    return ''
  })
  if (!scripts.length) return html
  const demand = DEMAND.test(rewritten) ? ' data-start="demand"' : ''
  // The same text in a block that is never run: it was already inside a script element, so it
  // holds no `</script` (Next escapes `<` in flight strings), and it needs no hash in the policy.
  if (demand)
    rewritten = rewritten.replace(BARE_SCRIPT, (tag, text) => {
      const data = flightData(text)
      return data === null ? tag : `<script type="application/json" ${FLIGHT_MARK}="">${data}</script>`
    })
  const loader =
    `<script src="${LOADER_SRC}" async=""${demand} data-scripts="${scripts.join(' ')}"` +
    (preloads.length ? ` data-preloads="${preloads.join(' ')}"` : '') +
    '></script>'
  const head = rewritten.indexOf('</head>')
  return head === -1 ? html : `${rewritten.slice(0, head)}${loader}${rewritten.slice(head)}`
}
