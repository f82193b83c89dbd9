// Which web fonts each locale uses: one face per script (Latin, Cyrillic, Greek, Arabic) with its unicode-range and a metric-matched fallback.
import notoSans from '@fontsource-variable/noto-sans/package.json'
import notoSansArabic from '@fontsource-variable/noto-sans-arabic/package.json'
import subsets from './font-subsets.json'

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
  /** The `font-weight` range the file covers (a cut file keeps only the weights the CSS uses). */
  weight: string
  /** The name of the cut file the build writes (`font-subsets.json`), when the file is cut. */
  subset?: keyof typeof subsets
  fallback: Fallback
}

type SubsetName = Exclude<keyof typeof subsets, '//'>

/** The range and weights of a file cut at build time, as CSS descriptors. */
function cut(name: SubsetName): Pick<ScriptFont, 'unicodeRange' | 'weight' | 'subset' | 'source'> {
  const entry = subsets[name]
  return {
    source: entry.source,
    subset: name,
    unicodeRange: entry.ranges.map(([from, to]) => (from === to ? `U+${from}` : `U+${from}-${to}`)).join(','),
    weight: entry.weight.join(' '),
  }
}

/**
 * Noto Sans's vertical metrics and average width against Arial, as next/font's
 * `adjustFontFallback` computes them for the Latin file (`fonts.ts`); extended Latin takes the same.
 */
const NOTO_SANS_FALLBACK: Fallback = { local: ['Arial'], sizeAdjust: '106.47%', ascentOverride: '100.41%', descentOverride: '27.52%', lineGapOverride: '0.00%' }

/**
 * The same comparison made with each script's own letters: the average advance of Noto Sans's
 * Cyrillic and Greek letters, weighted by their frequency in running Russian and Greek text,
 * against Arial's (`font-table.test.ts` recomputes both). Greek letters are relatively wider than
 * Latin ones, so Latin's adjustment would leave Greek text moving when the face arrives.
 */
const NOTO_SANS_CYRILLIC_FALLBACK: Fallback = { local: ['Arial'], sizeAdjust: '106.01%', ascentOverride: '100.84%', descentOverride: '27.64%', lineGapOverride: '0.00%' }
const NOTO_SANS_GREEK_FALLBACK: Fallback = { local: ['Arial'], sizeAdjust: '108.28%', ascentOverride: '98.73%', descentOverride: '27.06%', lineGapOverride: '0.00%' }

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
    weight: '100 900',
    fallback: NOTO_SANS_CYRILLIC_FALLBACK,
  },
  greek: {
    family: 'Veilgate Greek',
    href: file('noto-sans-greek', notoSans.version),
    source: '@fontsource-variable/noto-sans/files/noto-sans-greek-wght-normal.woff2',
    unicodeRange: 'U+0370-0377,U+037A-037F,U+0384-038A,U+038C,U+038E-03A1,U+03A3-03FF',
    weight: '100 900',
    fallback: NOTO_SANS_GREEK_FALLBACK,
  },
  arabic: {
    family: 'Veilgate Arabic',
    href: file('noto-sans-arabic', notoSansArabic.version),
    // 166 KB as packaged; cut to the Arabic letters and weights 400–700, about 39 KB (headings in
    // font-extrabold show at 700).
    ...cut('noto-sans-arabic'),
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
  ...cut('noto-sans-latin-ext'),
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

/** The faces of a locale's scripts besides Latin (which next/font declares and preloads). */
function ownFaces(code: string): ScriptFont[] {
  return localeScripts(code).flatMap((script) => (script === 'latin' ? [] : [scriptFonts[script]]))
}

/** The files to preload for a locale besides Latin's. */
export function localePreloads(code: string): string[] {
  return ownFaces(code).map((font) => font.href)
}

/** Every file the server may send, by its public name (`/fonts/<name>`): its package file and cut file. */
export function fontFiles(): Map<string, { source: string; subset?: string }> {
  return new Map([...Object.values(scriptFonts), latinExtended].map((font) => [font.href.slice('/fonts/'.length), { source: font.source, subset: font.subset }]))
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
    `@font-face{font-family:${quote(font.family)};font-style:normal;font-weight:${font.weight};font-display:swap;src:url(${font.href}) format('woff2');unicode-range:${font.unicodeRange}}`,
    `@font-face{font-family:${quote(`${font.family} Fallback`)};src:${fallback.local.map((name) => `local(${quote(name)})`).join(',')};size-adjust:${fallback.sizeAdjust};ascent-override:${fallback.ascentOverride};descent-override:${fallback.descentOverride};line-gap-override:${fallback.lineGapOverride};unicode-range:${font.unicodeRange}}`,
  ].join('')
}

/** The `@font-face` rules a locale's pages need (its scripts and extended Latin): nothing for others. */
export function localeFontFaces(code: string): string {
  return [latinExtended, ...ownFaces(code)].map(faceRules).join('')
}

/**
 * The page's font stack: each web font, then its fallback face, script by script, with the
 * language's system CJK fonts before the Latin fallback.
 */
export function localeFontStack(code: string, latin: { family: string; fallback: string }): string {
  const own = ownFaces(code)
  return [
    latin.family,
    ...[latinExtended, ...own].map((font) => quote(font.family)),
    ...own.map((font) => quote(`${font.family} Fallback`)),
    ...(CJK_STACKS[code] ?? []).map(quote),
    latin.fallback,
  ].join(', ')
}
