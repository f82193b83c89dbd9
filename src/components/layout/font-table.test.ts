import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { localeCodes } from '@/i18n/locales'
import { fontFiles, latinExtended, localeFontFaces, localeFontStack, localePreloads, localeScripts, scriptFonts } from './font-table'

const require = createRequire(import.meta.url)
const modules = path.resolve('node_modules')

type Face = { unitsPerEm: number; hasGlyphForCodePoint: (code: number) => boolean; glyphForCodePoint: (code: number) => { advanceWidth: number } }

/** Letters with their frequency per thousand in running Russian and Greek text. */
const CYRILLIC_LETTERS: Record<string, number> = { о: 110, е: 85, а: 80, и: 74, н: 67, т: 63, с: 55, р: 47, в: 45, л: 44, к: 35, м: 32, д: 30, п: 28, у: 26, я: 20, ы: 19, ь: 17, г: 17, з: 16, б: 16, ч: 14, й: 12, х: 10, ж: 9, ш: 7, ю: 6, ц: 5, щ: 4, э: 3, ф: 3 }
const GREEK_LETTERS: Record<string, number> = { α: 120, ο: 98, ι: 86, ε: 80, τ: 78, ν: 66, σ: 52, η: 50, ρ: 45, υ: 44, π: 40, κ: 40, μ: 34, λ: 28, ς: 27, ω: 20, δ: 18, γ: 18, θ: 13, χ: 12, φ: 8, β: 7, ξ: 5, ζ: 4, ψ: 1 }
/** Arial's frequency-weighted average advance of those letters, per em (Liberation Sans 2, Regular). */
const ARIAL_CYRILLIC_AVERAGE = 0.548211
const ARIAL_GREEK_AVERAGE = 0.511383

/** A face's frequency-weighted average advance of the letters, per em. */
function averageWidth(face: Face, letters: Record<string, number>): number {
  let total = 0
  let weight = 0
  for (const [letter, frequency] of Object.entries(letters)) {
    const code = letter.codePointAt(0)!
    expect(face.hasGlyphForCodePoint(code), letter).toBe(true)
    total += (face.glyphForCodePoint(code).advanceWidth / face.unitsPerEm) * frequency
    weight += frequency
  }
  return total / weight
}

describe('the locale → fonts table', () => {
  it('gives every locale Latin, and Arabic, Cyrillic or Greek only to the locales written in them', () => {
    const other = new Map<string, string[]>()
    for (const code of localeCodes) {
      const scripts = localeScripts(code)
      expect(scripts[0], code).toBe('latin')
      if (scripts.length > 1) other.set(code, scripts.slice(1))
    }
    expect(Object.fromEntries(other)).toEqual({
      ar: ['arabic'],
      fa: ['arabic'],
      ru: ['cyrillic'],
      ua: ['cyrillic'],
      be: ['cyrillic'],
      bg: ['cyrillic'],
      sr: ['cyrillic'],
      el: ['greek'],
    })
  })

  it('preloads only the locale’s own script besides Latin, and declares no face it does not use', () => {
    expect(localePreloads('en')).toEqual([])
    expect(localePreloads('jp')).toEqual([])
    expect(localePreloads('ar')).toEqual([scriptFonts.arabic.href])
    expect(localePreloads('ru')).toEqual([scriptFonts.cyrillic.href])
    expect(localePreloads('el')).toEqual([scriptFonts.greek.href])
    const de = localeFontFaces('de')
    expect(de).toContain("'Veilgate Latin Extended'")
    for (const family of ['Veilgate Arabic', 'Veilgate Cyrillic', 'Veilgate Greek']) expect(de).not.toContain(family)
    const ar = localeFontFaces('ar')
    expect(ar).toContain(`src:url(${scriptFonts.arabic.href}) format('woff2')`)
    expect(ar).toContain('font-display:swap')
    expect(ar).toMatch(/font-family:'Veilgate Arabic Fallback';src:local\('Arial'\)[^}]*ascent-override:137.40%;descent-override:73.80%/)
    expect(ar).not.toContain('Veilgate Cyrillic')
  })

  it('puts each web font before its fallback, and the language’s system CJK fonts before the Latin fallback', () => {
    const latin = { family: "'Latin'", fallback: "'Latin Fallback'" }
    expect(localeFontStack('ar', latin)).toBe("'Latin', 'Veilgate Latin Extended', 'Veilgate Arabic', 'Veilgate Arabic Fallback', 'Latin Fallback'")
    const jp = localeFontStack('jp', latin)
    expect(jp.indexOf("'Hiragino Sans'")).toBeGreaterThan(jp.indexOf("'Veilgate Latin Extended'"))
    expect(jp.endsWith("'Latin Fallback'")).toBe(true)
    expect(localeFontStack('zh', latin)).toContain("'PingFang SC'")
    expect(localeFontStack('de', latin)).not.toMatch(/Hiragino|PingFang|Malgun/)
  })

  it('serves existing package files under versioned names, with fontsource’s ranges for them', () => {
    const files = fontFiles()
    expect(files.size).toBe(4)
    for (const [name, { source }] of files) {
      expect(name).toMatch(/^noto-sans-[a-z-]+-\d+\.\d+\.\d+\.woff2$/)
      expect(existsSync(path.join(modules, source)), source).toBe(true)
    }
    expect(files.get(scriptFonts.arabic.href.slice('/fonts/'.length))?.subset).toBe('noto-sans-arabic')
    expect(localeFontFaces('ar')).toContain("font-family:'Veilgate Arabic';font-style:normal;font-weight:400 700;")
    for (const font of [...Object.values(scriptFonts), latinExtended]) {
      const css = readFileSync(path.join(modules, font.source.split('/files/')[0]!, 'index.css'), 'utf8')
      const face = css.split('@font-face').find((rule) => rule.includes(path.basename(font.source)))
      const range = /unicode-range:\s*([^;]+);/.exec(face ?? '')?.[1]?.trim() ?? ''
      // Ours may leave out rare ranges (historic Arabic forms), never add any.
      for (const part of font.unicodeRange.split(',')) expect(range.split(','), `${font.family} ${part}`).toContain(part)
    }
  })

  it('has the fallback metrics next/font computes from the files', () => {
    const fontkit = require(path.join(modules, 'next/dist/compiled/@next/font/dist/fontkit')).default
    const { getFallbackMetricsFromFontFile } = require(path.join(modules, 'next/dist/compiled/@next/font/dist/local/get-fallback-metrics-from-font-file.js'))
    const open = (source: string) => (fontkit.default ?? fontkit)(readFileSync(path.join(modules, source)))
    const latin = getFallbackMetricsFromFontFile(open('@fontsource-variable/noto-sans/files/noto-sans-latin-wght-normal.woff2'), 'sans-serif')
    expect(latinExtended.fallback).toMatchObject({ sizeAdjust: latin.sizeAdjust, ascentOverride: latin.ascentOverride, descentOverride: latin.descentOverride, lineGapOverride: latin.lineGapOverride })
    // next/font compares a–z only: Cyrillic and Greek compare their own letters, weighted by frequency
    // in running text, with Arial's, measured once on Liberation Sans (Arial's metric-compatible clone).
    const percent = (value: number) => `${(value * 100).toFixed(2)}%`
    for (const [font, letters, arialAverage] of [
      [scriptFonts.cyrillic, CYRILLIC_LETTERS, ARIAL_CYRILLIC_AVERAGE],
      [scriptFonts.greek, GREEK_LETTERS, ARIAL_GREEK_AVERAGE],
    ] as const) {
      const face = open(font.source)
      const average = averageWidth(face, letters)
      const sizeAdjust = average / arialAverage
      expect(font.fallback, font.family).toEqual({
        local: ['Arial'],
        sizeAdjust: percent(sizeAdjust),
        ascentOverride: percent(face.ascent / face.unitsPerEm / sizeAdjust),
        descentOverride: percent(Math.abs(face.descent) / face.unitsPerEm / sizeAdjust),
        lineGapOverride: percent(face.lineGap / face.unitsPerEm / sizeAdjust),
      })
      const liberation = '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf'
      if (existsSync(liberation)) expect(averageWidth((fontkit.default ?? fontkit)(readFileSync(liberation)), letters)).toBeCloseTo(arialAverage, 4)
    }
    const arabic = getFallbackMetricsFromFontFile(open(scriptFonts.arabic.source), 'sans-serif')
    expect(scriptFonts.arabic.fallback).toMatchObject({ sizeAdjust: arabic.sizeAdjust, ascentOverride: arabic.ascentOverride, descentOverride: arabic.descentOverride })
  })
})
