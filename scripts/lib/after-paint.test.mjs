import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { DEMAND_MARK, FLIGHT_MARK, LOADER_SRC, loadScriptsAfterPaint } from './after-paint.mjs'
import { scriptHashSources } from './secure-response.mjs'

const head = [
  '<link rel="preload" href="/_next/static/media/font.woff2" as="font" crossorigin="" type="font/woff2"/>',
  '<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>',
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/pre.js" integrity="sha256-PRE="/>',
  '<script src="/_next/static/chunks/one.js" async="" integrity="sha256-ONE+/="></script>',
  '<script src="/_next/static/chunks/two.js" async=""></script>',
  '<script src="/scripts/cookie-notice.js" async=""></script>',
  '<title>Veilgate</title>',
  '<script src="/_next/static/chunks/polyfill.js" integrity="sha256-POLY=" noModule=""></script>',
].join('')
const body = '<body><main>Text</main><script>(self.__next_f=self.__next_f||[]).push([0])</script></body>'
const page = `<!DOCTYPE html><html lang="en"><head>${head}</head>${body}</html>`

describe('loading scripts after the first paint', () => {
  const out = loadScriptsAfterPaint(page)

  it("takes Next's async chunks and script preloads out of the HTML and lists them, with their integrity, on one loader at the end of the head", () => {
    expect(out).not.toContain('<script src="/_next/static/chunks/one.js"')
    expect(out).not.toContain('<script src="/_next/static/chunks/two.js"')
    expect(out).not.toContain('href="/_next/static/chunks/pre.js"')
    expect(out).toContain(
      `<script src="${LOADER_SRC}" async="" data-scripts="/_next/static/chunks/one.js|sha256-ONE+/= /_next/static/chunks/two.js" data-preloads="/_next/static/chunks/pre.js|sha256-PRE="></script></head>`,
    )
  })

  it('leaves everything else where it was: fonts, style sheets, other scripts, the noModule polyfill, inline scripts, the body', () => {
    for (const kept of [
      '<link rel="preload" href="/_next/static/media/font.woff2" as="font" crossorigin="" type="font/woff2"/>',
      '<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>',
      '<script src="/scripts/cookie-notice.js" async=""></script>',
      '<script src="/_next/static/chunks/polyfill.js" integrity="sha256-POLY=" noModule=""></script>',
      body,
    ])
      expect(out).toContain(kept)
    expect(out.length).toBeLessThan(page.length + 200)
  })

  it('is done once, and a page without such scripts is returned as it was', () => {
    expect(loadScriptsAfterPaint(out)).toBe(out)
    const plain = '<!DOCTYPE html><html><head><title>x</title><script src="/scripts/cookie-notice.js" async=""></script></head><body></body></html>'
    expect(loadScriptsAfterPaint(plain)).toBe(plain)
    // A nonce page is streamed, never rewritten; a chunk with a nonce is left alone all the same.
    const nonce = '<html><head><script src="/_next/static/chunks/one.js" async="" nonce="abc"></script></head></html>'
    expect(loadScriptsAfterPaint(nonce)).toBe(nonce)
  })

  it('moves only URLs and integrity values that need no escaping', () => {
    const odd = '<html><head><script src="/_next/static/chunks/a&quot;b.js" async=""></script><script src="/_next/static/chunks/c.js" integrity="x&quot;" async=""></script></head></html>'
    expect(loadScriptsAfterPaint(odd)).toBe(odd)
  })

  it('marks the loader of a content page to wait for its visitor, and no other', () => {
    expect(out).not.toContain('data-start=')
    const content = page.replace('<main>Text</main>', `<main><div class="x" ${DEMAND_MARK}>Text</div></main>`)
    expect(loadScriptsAfterPaint(content)).toContain(`<script src="${LOADER_SRC}" async="" data-start="demand" data-scripts="/_next/static/chunks/one.js|sha256-ONE+/= `)
    // The words in a page's text, or in its flight data, are not the mark.
    for (const text of ['<main><p>data-hydrate=&quot;demand&quot;</p></main>', '<main>Text</main><script>self.__next_f.push([1,"{\\"data-hydrate\\":\\"demand\\"}"])</script>'])
      expect(loadScriptsAfterPaint(page.replace('<main>Text</main>', text))).not.toContain('data-start=')
  })

  it("queues a content page's flight data as JSON blocks that never run, and leaves every other inline script as it was", () => {
    const chunk = '[1,"1:\\"$Sreact.fragment\\"\\n"]'
    const bootstrap = '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"a":1});'
    const inline = [
      '<script>(self.__next_f=self.__next_f||[]).push([0])</script>',
      `<script>self.__next_f.push(${chunk})</script>`,
      `<script>${bootstrap}</script>`,
      '<script>self.__next_f.push([1]);alert(1)</script>',
      '<script type="application/ld+json">{"@type":"Thing"}</script>',
    ].join('')
    const content = page.replace(body, `<body><main><div ${DEMAND_MARK}>Text</div></main>${inline}</body>`)
    const out = loadScriptsAfterPaint(content)
    expect(out).toContain(`<script type="application/json" ${FLIGHT_MARK}="">[0]</script><script type="application/json" ${FLIGHT_MARK}="">${chunk}</script>`)
    expect(out).not.toContain('self.__next_f.push([0])')
    expect(out).not.toContain(`self.__next_f.push(${chunk})`)
    for (const kept of [`<script>${bootstrap}</script>`, '<script>self.__next_f.push([1]);alert(1)</script>', '<script type="application/ld+json">{"@type":"Thing"}</script>']) expect(out).toContain(kept)
    // The blocks need no hash: the policy lists the polyfill's integrity and the bootstrap's hash only.
    expect(scriptHashSources(out)).toEqual(["'sha256-POLY='", `'sha256-${createHash('sha256').update(bootstrap).digest('base64')}'`])
    // A page that loads its scripts after the paint anyway keeps its flight scripts.
    const other = page.replace(body, `<body><main>Text</main>${inline}</body>`)
    expect(loadScriptsAfterPaint(other)).toContain(`<script>self.__next_f.push(${chunk})</script>`)
  })
})
