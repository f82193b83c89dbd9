import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { charactersOf, cutFontsBeforeBuild, subsetFonts } from './fonts.mjs'
import { root } from './app-env.mjs'

const require = createRequire(import.meta.url)
const fontkit = require('next/dist/compiled/@next/font/dist/fontkit').default
const open = (file) => (fontkit.default ?? fontkit)(readFileSync(file))
const outDir = mkdtempSync(path.join(os.tmpdir(), 'veilgate-fonts-'))

afterAll(() => rmSync(outDir, { recursive: true, force: true }))

describe('fonts cut at build time', () => {
  it('lists the characters of code-point ranges', () => {
    expect(charactersOf([['0041', '0043'], ['00E9', '00E9']])).toBe('ABCé')
  })

  it('keeps the Arabic and Persian text and the weights the CSS uses, in a fraction of the bytes', async () => {
    const sizes = await subsetFonts({ outDir, log: () => {} })
    expect(sizes['noto-sans-arabic'].before).toBeGreaterThan(150_000)
    expect(sizes['noto-sans-arabic'].after).toBeLessThan(30_000)
    expect(sizes['noto-sans-latin-ext'].after).toBeLessThan(sizes['noto-sans-latin-ext'].before)
    const arabic = open(path.join(outDir, 'noto-sans-arabic.woff2'))
    // Arabic and Persian letters, marks, digits and punctuation, and the joiners Persian uses.
    for (const letter of 'مرحبا بك في فيلغيت، أهلاً؟ پچژکگیۀ ٠١٩ ۰۱۹ ٪\u200c') if (letter !== ' ') expect(arabic.hasGlyphForCodePoint(letter.codePointAt(0)), letter).toBe(true)
    // Letters of other languages written in Arabic script are left to the system's face.
    for (const letter of 'ٹڈڑںھے') expect(arabic.hasGlyphForCodePoint(letter.codePointAt(0)), letter).toBe(false)
    const weight = arabic.variationAxes.wght
    expect([weight.min, weight.max]).toEqual([400, 700])
    for (const name of ['noto-sans-cyrillic', 'noto-sans-greek']) {
      expect(sizes[name].after, name).toBeLessThan(sizes[name].before * 0.8)
      const axis = open(path.join(outDir, `${name}.woff2`)).variationAxes.wght
      expect([axis.min, axis.max], name).toEqual([400, 800])
    }
    expect(open(path.join(outDir, 'noto-sans-cyrillic.woff2')).hasGlyphForCodePoint('Ж'.codePointAt(0))).toBe(true)
    // The Latin file is next/font's, cut before the build: not written here.
    expect(sizes['noto-sans-latin']).toBeUndefined()
    const latinExt = open(path.join(outDir, 'noto-sans-latin-ext.woff2'))
    for (const letter of 'łąčřőşğ') expect(latinExt.hasGlyphForCodePoint(letter.codePointAt(0)), letter).toBe(true)
  })

  it('cuts the Latin file next/font reads before the build, and only when its entry or package file changed', async () => {
    const target = path.join(root, 'src', 'components', 'layout', 'generated', 'noto-sans-latin.woff2')
    const lines = []
    await cutFontsBeforeBuild({ log: (line) => lines.push(line) })
    const latin = open(target)
    expect([latin.variationAxes.wght.min, latin.variationAxes.wght.max]).toEqual([400, 800])
    for (const letter of 'Veilgate €™—') if (letter !== ' ') expect(latin.hasGlyphForCodePoint(letter.codePointAt(0)), letter).toBe(true)
    expect(readFileSync(target).length).toBeLessThan(28_000)
    const written = statSync(target).mtimeMs
    await cutFontsBeforeBuild({ log: (line) => lines.push(line) })
    expect(statSync(target).mtimeMs).toBe(written)
  })
})
