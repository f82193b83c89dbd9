import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { COMPILE_HINT, markStartupScripts } from './compile-hints.mjs'

const integrity = (text) => `sha256-${createHash('sha256').update(text).digest('base64')}`

/** A minimal `.next`: one start-up chunk, one page chunk, the SRI manifests and a prerendered page naming both. */
function fakeBuild() {
  const dir = mkdtempSync(path.join(tmpdir(), 'hints-'))
  mkdirSync(path.join(dir, 'static', 'chunks'), { recursive: true })
  mkdirSync(path.join(dir, 'server', 'app'), { recursive: true })
  const main = '(globalThis.TURBOPACK||[]).push(["main",1,function(){return 1}])'
  const page = '(globalThis.TURBOPACK||[]).push(["page",2,function(){return 2}])'
  writeFileSync(path.join(dir, 'static', 'chunks', 'main.js'), main)
  writeFileSync(path.join(dir, 'static', 'chunks', 'page.js'), page)
  writeFileSync(path.join(dir, 'build-manifest.json'), JSON.stringify({ rootMainFiles: ['static/chunks/main.js'] }))
  const sri = { 'static/chunks/main.js': integrity(main), 'static/chunks/page.js': integrity(page) }
  writeFileSync(path.join(dir, 'server', 'subresource-integrity-manifest.json'), JSON.stringify(sri))
  writeFileSync(path.join(dir, 'server', 'subresource-integrity-manifest.js'), `self.__SUBRESOURCE_INTEGRITY_MANIFEST=${JSON.stringify(JSON.stringify(sri))}`)
  writeFileSync(
    path.join(dir, 'server', 'app', 'index.html'),
    `<script src="/_next/static/chunks/main.js" async="" integrity="${sri['static/chunks/main.js']}"></script><script src="/_next/static/chunks/page.js" async="" integrity="${sri['static/chunks/page.js']}"></script>`,
  )
  return { dir, main, page }
}

describe('eager compilation of the start-up scripts', () => {
  it('puts the hint on the first line of each start-up chunk only, and every place naming its hash gets the new one', () => {
    const { dir, main, page } = fakeBuild()
    expect(markStartupScripts(dir)).toEqual(['static/chunks/main.js'])
    const hinted = readFileSync(path.join(dir, 'static', 'chunks', 'main.js'), 'utf8')
    expect(hinted).toBe(`${COMPILE_HINT}${main}`)
    expect(readFileSync(path.join(dir, 'static', 'chunks', 'page.js'), 'utf8')).toBe(page)

    const sri = JSON.parse(readFileSync(path.join(dir, 'server', 'subresource-integrity-manifest.json'), 'utf8'))
    expect(sri).toEqual({ 'static/chunks/main.js': integrity(hinted), 'static/chunks/page.js': integrity(page) })
    const script = readFileSync(path.join(dir, 'server', 'subresource-integrity-manifest.js'), 'utf8')
    expect(JSON.parse(JSON.parse(script.slice(script.indexOf('=') + 1)))).toEqual(sri)
    const html = readFileSync(path.join(dir, 'server', 'app', 'index.html'), 'utf8')
    expect(html).toContain(`integrity="${integrity(hinted)}"`)
    expect(html).toContain(`integrity="${integrity(page)}"`)
    expect(html).not.toContain(integrity(main))
  })

  it('changes nothing when run again', () => {
    const { dir } = fakeBuild()
    markStartupScripts(dir)
    const before = readFileSync(path.join(dir, 'server', 'subresource-integrity-manifest.json'), 'utf8')
    expect(markStartupScripts(dir)).toEqual([])
    expect(readFileSync(path.join(dir, 'server', 'subresource-integrity-manifest.json'), 'utf8')).toBe(before)
    expect(readFileSync(path.join(dir, 'static', 'chunks', 'main.js'), 'utf8').split(COMPILE_HINT).length).toBe(2)
  })
})
