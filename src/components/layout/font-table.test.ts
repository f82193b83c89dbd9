import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { localeCodes } from '@/i18n/locales'
import subsets from './font-subsets.json'
import { fontFiles, LATIN_RANGE, latinExtended, LOCAL_FONTS, localeFontFaces, localeFontStack, localePreloads, localeScripts, NOTO_SANS, scriptFonts } from './font-table'

const require = createRequire(import.meta.url)
const modules = path.resolve('node_modules')

type Face = { unitsPerEm: number; hasGlyphForCodePoint: (code: number) => boolean; glyphForCodePoint: (code: number) => { advanceWidth: number } }

/** Letters with their frequency per thousand in running Russian and Greek text. */
const CYRILLIC_LETTERS: Record<string, number> = { о: 110, е: 85, а: 80, и: 74, н: 67, т: 63, с: 55, р: 47, в: 45, л: 44, к: 35, м: 32, д: 30, п: 28, у: 26, я: 20, ы: 19, ь: 17, г: 17, з: 16, б: 16, ч: 14, й: 12, х: 10, ж: 9, ш: 7, ю: 6, ц: 5, щ: 4, э: 3, ф: 3 }
const GREEK_LETTERS: Record<string, number> = { α: 120, ο: 98, ι: 86, ε: 80, τ: 78, ν: 66, σ: 52, η: 50, ρ: 45, υ: 44, π: 40, κ: 40, μ: 34, λ: 28, ς: 27, ω: 20, δ: 18, γ: 18, θ: 13, χ: 12, φ: 8, β: 7, ξ: 5, ζ: 4, ψ: 1 }

/** A face's average advance of next/font's a–z sample (letters by frequency, and spaces), per em. */
function azAverage(face: Face & { glyphsForString: (text: string) => { advanceWidth: number }[] }): number {
  const glyphs = face.glyphsForString('aaabcdeeeefghiijklmnnoopqrrssttuvwxyz      ')
  return glyphs.reduce((sum, glyph) => sum + glyph.advanceWidth, 0) / glyphs.length / face.unitsPerEm
}

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
    expect(localeFontStack('ar', latin)).toBe("'Latin', 'Veilgate Latin Extended', 'Veilgate Arabic', 'Veilgate Arabic Fallback', 'Latin Fallback', 'Veilgate Latin Fallback', 'Veilgate Latin Fallback DejaVu'")
    // Without Arial, Cyrillic falls to DejaVu Sans with its own overrides, Latin to the same after next/font's.
    expect(localeFontStack('ru', latin)).toBe(
      "'Latin', 'Veilgate Latin Extended', 'Veilgate Cyrillic', 'Veilgate Cyrillic Fallback', 'Veilgate Cyrillic Fallback DejaVu', 'Latin Fallback', 'Veilgate Latin Fallback', 'Veilgate Latin Fallback DejaVu'",
    )
    expect(localeFontFaces('ru')).toMatch(/font-family:'Veilgate Cyrillic Fallback DejaVu';src:local\('DejaVu Sans'\);size-adjust:92.31%;[^}]*unicode-range:U\+0301,U\+0400-045F/)
    expect(localeFontFaces('en')).toMatch(/font-family:'Veilgate Latin Fallback DejaVu';src:local\('DejaVu Sans'\);size-adjust:92.96%;[^}]*unicode-range:U\+0000-00FF,/)
    const jp = localeFontStack('jp', latin)
    expect(jp.indexOf("'Hiragino Sans'")).toBeGreaterThan(jp.indexOf("'Veilgate Latin Extended'"))
    // The name Linux and ChromeOS have comes before the Apple and Windows names (a miss is costly there).
    for (const [code, noto] of [['jp', 'Noto Sans CJK JP'], ['zh', 'Noto Sans CJK SC'], ['ko', 'Noto Sans CJK KR']] as const) {
      const stack = localeFontStack(code, latin)
      expect(stack.indexOf(`'Veilgate Latin Extended', '${noto}', `), code).toBeGreaterThan(0)
    }
    expect(jp.endsWith("'Latin Fallback', 'Veilgate Latin Fallback', 'Veilgate Latin Fallback DejaVu'")).toBe(true)
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
      // Ours may leave out code points (historic forms, other languages' letters), never add any.
      const bounds = (part: string): [number, number] => {
        const [from, to = from] = part.replace(/^U\+/, '').split('-').map((hex) => parseInt(hex, 16))
        return [from!, to!]
      }
      const theirs = range.split(',').map(bounds)
      for (const part of font.unicodeRange.split(',')) {
        const [from, to] = bounds(part)
        expect(theirs.some(([start, end]) => start <= from && to <= end), `${font.family} ${part}`).toBe(true)
      }
    }
  })

  it('has the fallback metrics next/font computes from the files', () => {
    const fontkit = require(path.join(modules, 'next/dist/compiled/@next/font/dist/fontkit')).default
    const { getFallbackMetricsFromFontFile } = require(path.join(modules, 'next/dist/compiled/@next/font/dist/local/get-fallback-metrics-from-font-file.js'))
    const open = (source: string) => (fontkit.default ?? fontkit)(readFileSync(source.startsWith('/') ? source : path.join(modules, source)))
    const latinFile = open('@fontsource-variable/noto-sans/files/noto-sans-latin-wght-normal.woff2')
    const latin = getFallbackMetricsFromFontFile(latinFile, 'sans-serif')
    const [arialLatin] = latinExtended.fallbacks
    expect(arialLatin).toMatchObject({ local: ['Arial', 'Liberation Sans', 'Arimo'], sizeAdjust: latin.sizeAdjust, ascentOverride: latin.ascentOverride, descentOverride: latin.descentOverride, lineGapOverride: latin.lineGapOverride })
    // Noto Sans's own figures, from its files.
    expect(NOTO_SANS.ascent).toBe(latinFile.ascent / latinFile.unitsPerEm)
    expect(NOTO_SANS.descent).toBe(Math.abs(latinFile.descent) / latinFile.unitsPerEm)
    expect(NOTO_SANS.average.latin).toBeCloseTo(azAverage(latinFile), 5)
    expect(NOTO_SANS.average.cyrillic).toBeCloseTo(averageWidth(open(scriptFonts.cyrillic.source), CYRILLIC_LETTERS), 5)
    expect(NOTO_SANS.average.greek).toBeCloseTo(averageWidth(open(scriptFonts.greek.source), GREEK_LETTERS), 5)
    // The system fonts' figures, from their files where this machine has them (Liberation Sans is
    // Arial's metric-compatible clone). next/font's Arial a–z average is its own constant.
    expect(LOCAL_FONTS.arial.average.latin).toBeCloseTo(934.5116279069767 / 2048, 6)
    for (const [font, file] of [
      [LOCAL_FONTS.arial, '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf'],
      [LOCAL_FONTS.dejavu, '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'],
    ] as const) {
      if (!existsSync(file)) continue
      const face = open(file)
      if (font !== LOCAL_FONTS.arial) expect(font.average.latin, file).toBeCloseTo(azAverage(face), 5)
      expect(font.average.cyrillic, file).toBeCloseTo(averageWidth(face, CYRILLIC_LETTERS), 5)
      expect(font.average.greek, file).toBeCloseTo(averageWidth(face, GREEK_LETTERS), 5)
    }
    // Each fallback face: the web font's average over the system font's, its line box divided by that.
    const percent = (value: number) => `${(value * 100).toFixed(2)}%`
    for (const [font, script] of [
      [scriptFonts.cyrillic, 'cyrillic'],
      [scriptFonts.greek, 'greek'],
      [latinExtended, 'latin'],
    ] as const) {
      expect(font.fallbacks.map((fallback) => fallback.local[0])).toEqual(['Arial', 'DejaVu Sans'])
      for (const [index, local] of [LOCAL_FONTS.arial, LOCAL_FONTS.dejavu].entries()) {
        const sizeAdjust = NOTO_SANS.average[script] / local.average[script]
        expect(font.fallbacks[index], `${font.family} ${local.names[0]}`).toEqual({
          suffix: local.suffix,
          local: local.names,
          sizeAdjust: percent(sizeAdjust),
          ascentOverride: percent(NOTO_SANS.ascent / sizeAdjust),
          descentOverride: percent(NOTO_SANS.descent / sizeAdjust),
          lineGapOverride: '0.00%',
        })
      }
    }
    // The figures before DejaVu Sans had its own faces, unchanged for Arial.
    expect(scriptFonts.cyrillic.fallbacks[0]).toMatchObject({ sizeAdjust: '106.01%', ascentOverride: '100.84%', descentOverride: '27.64%' })
    expect(scriptFonts.greek.fallbacks[0]).toMatchObject({ sizeAdjust: '108.28%', ascentOverride: '98.73%', descentOverride: '27.06%' })
    expect(scriptFonts.cyrillic.fallbacks[1]).toMatchObject({ sizeAdjust: '92.31%' })
    const arabic = getFallbackMetricsFromFontFile(open(scriptFonts.arabic.source), 'sans-serif')
    expect(scriptFonts.arabic.fallbacks).toHaveLength(1)
    expect(scriptFonts.arabic.fallbacks[0]).toMatchObject({ sizeAdjust: arabic.sizeAdjust, ascentOverride: arabic.ascentOverride, descentOverride: arabic.descentOverride })
  })

  it('gives next/font the Latin range the DejaVu face of Latin covers, and its file is cut to that range', () => {
    const source = readFileSync(path.resolve('src/components/layout/fonts.ts'), 'utf8').replace(/'\s*\+?\s*'|\s+/g, '')
    expect(source).toContain(`value:'${LATIN_RANGE}'`)
    const entry = subsets['noto-sans-latin']
    expect(entry.ranges.map(([from, to]) => (from === to ? `U+${from}` : `U+${from}-${to}`)).join(',')).toBe(LATIN_RANGE)
    expect(source).toContain(`src:'./${path.relative('src/components/layout', entry.beforeBuild)}'`)
    expect(readFileSync(path.resolve('src/components/layout/fonts.ts'), 'utf8')).toContain(`weight: '${entry.weight.join(' ')}'`)
  })
})
