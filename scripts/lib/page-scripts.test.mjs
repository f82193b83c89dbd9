import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { PAGE_SCRIPTS_SOURCE, minifyPageScript, writePageScripts } from './page-scripts.mjs'

describe("the page's own scripts", () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'page-scripts-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('are served minified: no comments, less than half the text, the same strings', () => {
    const source = readFileSync(path.join(PAGE_SCRIPTS_SOURCE, 'after-paint.js'), 'utf8')
    const served = minifyPageScript(source)
    expect(served.length).toBeLessThan(source.length / 2)
    expect(served).not.toMatch(/\/\/ |\/\*\*/)
    for (const kept of ['data-scripts', 'data-flight', 'data-hydrate-now', 'script[data-flight]', 'first-contentful-paint']) expect(served).toContain(kept)
    // Still a script a browser runs as it is (no module syntax, no syntax error).
    expect(() => new Function(served)).not.toThrow()
  })

  it('are written only where the source changed', () => {
    const sourceDir = path.join(dir, 'src')
    const outDir = path.join(dir, 'out')
    mkdirSync(sourceDir)
    writeFileSync(path.join(sourceDir, 'a.js'), '// a comment\n;(function () { var answer = 42; window.a = answer })()\n')
    writeFileSync(path.join(sourceDir, 'b.js'), 'window.b = 1\n')
    writeFileSync(path.join(sourceDir, 'notes.md'), 'not a script')
    expect(writePageScripts({ sourceDir, outDir })).toEqual(['a.js', 'b.js'])
    expect(readFileSync(path.join(outDir, 'a.js'), 'utf8')).not.toContain('comment')
    const before = statSync(path.join(outDir, 'a.js')).mtimeMs
    writeFileSync(path.join(sourceDir, 'b.js'), 'window.b = 2\n')
    expect(writePageScripts({ sourceDir, outDir })).toEqual(['b.js'])
    expect(statSync(path.join(outDir, 'a.js')).mtimeMs).toBe(before)
  })
})
