// Which web fonts each locale uses: one face per script (Latin, Cyrillic, Greek, Arabic) with its unicode-range and a metric-matched fallback.
import notoSans from '@fontsource-variable/noto-sans/package.json'
import notoSansArabic from '@fontsource-variable/noto-sans-arabic/package.json'

export type FontScript = 'latin' | 'cyrillic' | 'greek' | 'arabic'

/** Metric overrides for a local fallback face, so text does not move when the web font arrives. */
type Fallback = { local: string[]; sizeAdjust: string; ascentOverride: string; descentOverride: string; lineGapOverride: string }

export type ScriptFont = {
  /** The CSS family of the web font; its fallback face is the same name with " Fallback". */
  family: string
  /** Where the server sends the file (`src/app/fonts/[file]/route.ts`); the version changes the name. */
  href: string
  /** The package file it is served from. */
  source: string
  unicodeRange: string
  fallback: Fallback
}

/**
 * Noto Sans's vertical metrics and average width against Arial, as next/font's
 * `adjustFontFallback` computes them for the Latin file (`fonts.ts`); Cyrillic and Greek are the
 * same design, so their fallbacks take the same values.
 */
const NOTO_SANS_FALLBACK: Fallback = { local: ['Arial'], sizeAdjust: '106.47%', ascentOverride: '100.41%', descentOverride: '27.52%', lineGapOverride: '0.00%' }

const file = (name: string, version: string) => `/fonts/${name}-${version}.woff2`

/**
 * The faces besides Latin (which comes through next/font in `fonts.ts`, preloaded everywhere).
 * Ranges are fontsource's for the same files.
 */
export const scriptFonts: Record<Exclude<FontScript, 'latin'>, ScriptFont> = {
  cyrillic: {
    family: 'Veilgate Cyrillic',
    href: file('noto-sans-cyrillic', notoSans.version),
    source: '@fontsource-variable/noto-sans/files/noto-sans-cyrillic-wght-normal.woff2',
    unicodeRange: 'U+0301,U+0400-045F,U+0490-0491,U+04B0-04B1,U+2116',
    fallback: NOTO_SANS_FALLBACK,
  },
  greek: {
    family: 'Veilgate Greek',
    href: file('noto-sans-greek', notoSans.version),
    source: '@fontsource-variable/noto-sans/files/noto-sans-greek-wght-normal.woff2',
    unicodeRange: 'U+0370-0377,U+037A-037F,U+0384-038A,U+038C,U+038E-03A1,U+03A3-03FF',
    fallback: NOTO_SANS_FALLBACK,
  },
  arabic: {
    family: 'Veilgate Arabic',
    href: file('noto-sans-arabic', notoSansArabic.version),
    source: '@fontsource-variable/noto-sans-arabic/files/noto-sans-arabic-arabic-wght-normal.woff2',
    unicodeRange:
      'U+0600-06FF,U+0750-077F,U+0870-088E,U+0890-0891,U+0897-08E1,U+08E3-08FF,U+200C-200E,U+2010-2011,U+204F,U+2E41,U+FB50-FDFF,U+FE70-FE74,U+FE76-FEFC',
    // Noto Sans Arabic's ascent 1374 and descent 738 per 1000 units; its file has no a–z to
    // compare widths with, so no size adjustment (as next/font computes for it).
    fallback: { local: ['Arial', 'Tahoma', 'Segoe UI'], sizeAdjust: '100.00%', ascentOverride: '137.40%', descentOverride: '73.80%', lineGapOverride: '0.00%' },
  },
}

/**
 * Latin characters outside the Latin file (Polish, Czech, Romanian, Turkish…): one more face of
 * the same family, never preloaded, downloaded only by pages that use such a character.
 */
export const latinExtended: ScriptFont = {
  family: 'Veilgate Latin Extended',
  href: file('noto-sans-latin-ext', notoSans.version),
  source: '@fontsource-variable/noto-sans/files/noto-sans-latin-ext-wght-normal.woff2',
  unicodeRange:
    'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF',
  fallback: NOTO_SANS_FALLBACK,
}

const SCRIPTS_BY_LOCALE: Record<string, Exclude<FontScript, 'latin'>[]> = {
  ar: ['arabic'],
  fa: ['arabic'],
  ru: ['cyrillic'],
  ua: ['cyrillic'],
  be: ['cyrillic'],
  bg: ['cyrillic'],
  sr: ['cyrillic'],
  el: ['greek'],
}

/** The scripts a locale's pages are written in: Latin everywhere, plus its own. */
export function localeScripts(code: string): FontScript[] {
  return ['latin', ...(SCRIPTS_BY_LOCALE[code] ?? [])]
}

/** The files to preload for a locale besides Latin's (next/font preloads that one). */
export function localePreloads(code: string): string[] {
  return localeScripts(code).flatMap((script) => (script === 'latin' ? [] : [scriptFonts[script].href]))
}

/** Every file the server may send, by its public name (`/fonts/<name>`). */
export function fontFiles(): Map<string, string> {
  return new Map([...Object.values(scriptFonts), latinExtended].map((font) => [font.href.slice('/fonts/'.length), font.source]))
}

/**
 * Chinese, Japanese and Korean use the system's fonts for their language (no multi-megabyte web
 * font on the critical path), ahead of the Latin fallback.
 */
export const CJK_STACKS: Record<string, string[]> = {
  zh: ['PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Source Han Sans SC'],
  jp: ['Hiragino Sans', 'Hiragino Kaku Gothic ProN', 'Yu Gothic', 'Meiryo', 'Noto Sans CJK JP', 'Source Han Sans JP'],
  ko: ['Apple SD Gothic Neo', 'Malgun Gothic', 'Noto Sans CJK KR', 'Source Han Sans KR'],
}

const quote = (family: string) => `'${family}'`

function faceRules(font: ScriptFont): string {
  const fallback = font.fallback
  return [
    `@font-face{font-family:${quote(font.family)};font-style:normal;font-weight:100 900;font-display:swap;src:url(${font.href}) format('woff2');unicode-range:${font.unicodeRange}}`,
    `@font-face{font-family:${quote(`${font.family} Fallback`)};src:${fallback.local.map((name) => `local(${quote(name)})`).join(',')};size-adjust:${fallback.sizeAdjust};ascent-override:${fallback.ascentOverride};descent-override:${fallback.descentOverride};line-gap-override:${fallback.lineGapOverride};unicode-range:${font.unicodeRange}}`,
  ].join('')
}

/** The `@font-face` rules a locale's pages need (its scripts and extended Latin): nothing for others. */
export function localeFontFaces(code: string): string {
  const fonts = [latinExtended, ...localeScripts(code).flatMap((script) => (script === 'latin' ? [] : [scriptFonts[script]]))]
  return fonts.map(faceRules).join('')
}

/**
 * The page's font stack: each web font, then its fallback face, script by script, with the
 * language's system CJK fonts before the Latin fallback.
 */
export function localeFontStack(code: string, latin: { family: string; fallback: string }): string {
  const faces = [latinExtended, ...localeScripts(code).flatMap((script) => (script === 'latin' ? [] : [scriptFonts[script]]))]
  return [
    latin.family,
    ...faces.map((font) => quote(font.family)),
    ...faces.filter((font) => font !== latinExtended).map((font) => quote(`${font.family} Fallback`)),
    ...(CJK_STACKS[code] ?? []).map(quote),
    latin.fallback,
  ].join(', ')
}
