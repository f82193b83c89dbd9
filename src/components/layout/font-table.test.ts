import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { localeCodes } from '@/i18n/locales'
import { fontFiles, latinExtended, localeFontFaces, localeFontStack, localePreloads, localeScripts, scriptFonts } from './font-table'

const require = createRequire(import.meta.url)
const modules = path.resolve('node_modules')

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
    expect(localeFontFaces('ar')).toContain("font-family:'Veilgate Arabic';font-style:normal;font-weight:400 800;")
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
    // Latin's width comparison stands for Cyrillic and Greek (same design; their files have no a–z).
    const latin = getFallbackMetricsFromFontFile(open('@fontsource-variable/noto-sans/files/noto-sans-latin-wght-normal.woff2'), 'sans-serif')
    for (const font of [scriptFonts.cyrillic, scriptFonts.greek, latinExtended]) {
      expect(font.fallback).toMatchObject({ sizeAdjust: latin.sizeAdjust, ascentOverride: latin.ascentOverride, descentOverride: latin.descentOverride, lineGapOverride: latin.lineGapOverride })
    }
    const arabic = getFallbackMetricsFromFontFile(open(scriptFonts.arabic.source), 'sans-serif')
    expect(scriptFonts.arabic.fallback).toMatchObject({ sizeAdjust: arabic.sizeAdjust, ascentOverride: arabic.ascentOverride, descentOverride: arabic.descentOverride })
  })
})
