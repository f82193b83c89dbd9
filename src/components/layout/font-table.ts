// Which web fonts each locale uses: one face per script (Latin, Cyrillic, Greek, Arabic) with its unicode-range and metric-matched fallbacks.
import notoSans from '@fontsource-variable/noto-sans/package.json'
import notoSansArabic from '@fontsource-variable/noto-sans-arabic/package.json'
import subsets from './font-subsets.json'

export type FontScript = 'latin' | 'cyrillic' | 'greek' | 'arabic'

/** Metric overrides for a local fallback face, so text does not move when the web font arrives. */
export type Fallback = {
  /** Added to the web font's family for the face's name: `'Veilgate Cyrillic Fallback'`, `'… Fallback DejaVu'`. */
  suffix: string
  local: string[]
  sizeAdjust: string
  ascentOverride: string
  descentOverride: string
  lineGapOverride: string
}

export type ScriptFont = {
  /** The CSS family of the web font; its fallback faces are the same name with each fallback's suffix. */
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
  /** Local faces in the order tried: a visitor without the first system font gets the next. */
  fallbacks: Fallback[]
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

type Script = 'latin' | 'cyrillic' | 'greek'

/**
 * System fonts a fallback face may name, with their average letter advance per em for each
 * script: a–z as next/font's `adjustFontFallback` measures it, Cyrillic and Greek letters weighted
 * by their frequency in running Russian and Greek text (`font-table.test.ts` recomputes every
 * figure it has a file for). Arial and its metric-compatible clones come first; DejaVu Sans is
 * what Chromium falls back to on most Linux desktops, where there is no Arial, and it is 15 %
 * wider, so without a face of its own Cyrillic text rewrapped when the web font arrived.
 */
export const LOCAL_FONTS = {
  arial: { suffix: 'Fallback', names: ['Arial', 'Liberation Sans', 'Arimo'], average: { latin: 934.5116279069767 / 2048, cyrillic: 0.548211, greek: 0.511383 } },
  dejavu: { suffix: 'Fallback DejaVu', names: ['DejaVu Sans'], average: { latin: 1070.3023255813953 / 2048, cyrillic: 0.629571, greek: 0.587798 } },
} satisfies Record<string, { suffix: string; names: string[]; average: Record<Script, number> }>

/** Noto Sans's vertical metrics and average advances per em (the Cyrillic and Greek files share them). */
export const NOTO_SANS = { ascent: 1.069, descent: 0.293, lineGap: 0, average: { latin: 0.485814, cyrillic: 0.581163, greek: 0.553722 } }

const percent = (value: number) => `${(value * 100).toFixed(2)}%`

/** The overrides that make a system font take Noto Sans's width and line box for one script. */
export function notoFallbacks(script: Script): Fallback[] {
  return Object.values(LOCAL_FONTS).map((font) => {
    const sizeAdjust = NOTO_SANS.average[script] / font.average[script]
    return {
      suffix: font.suffix,
      local: font.names,
      sizeAdjust: percent(sizeAdjust),
      ascentOverride: percent(NOTO_SANS.ascent / sizeAdjust),
      descentOverride: percent(NOTO_SANS.descent / sizeAdjust),
      lineGapOverride: percent(NOTO_SANS.lineGap / sizeAdjust),
    }
  })
}

const file = (name: string, version: string) => `/fonts/${name}-${version}.woff2`

/**
 * The faces besides Latin (which comes through next/font in `fonts.ts`, preloaded everywhere).
 * Ranges are fontsource's for the same files.
 */
export const scriptFonts: Record<Exclude<FontScript, 'latin'>, ScriptFont> = {
  cyrillic: {
    family: 'Veilgate Cyrillic',
    href: file('noto-sans-cyrillic', notoSans.version),
    // Cut to weights 400–800, as the Latin file (20 → 15 KiB).
    ...cut('noto-sans-cyrillic'),
    fallbacks: notoFallbacks('cyrillic'),
  },
  greek: {
    family: 'Veilgate Greek',
    href: file('noto-sans-greek', notoSans.version),
    ...cut('noto-sans-greek'),
    fallbacks: notoFallbacks('greek'),
  },
  arabic: {
    family: 'Veilgate Arabic',
    href: file('noto-sans-arabic', notoSansArabic.version),
    // 166 KB as packaged; cut to weights 400–700 (headings in font-extrabold show at 700) and to
    // what Arabic and Persian text uses (letters, marks, digits, punctuation), about 21 KiB: the
    // file is preloaded on every ar and fa page, where it shares the first round trips with the
    // HTML, the CSS and the Latin file (font-subsets.json has the ranges).
    ...cut('noto-sans-arabic'),
    // Noto Sans Arabic's ascent 1374 and descent 738 per 1000 units; its file has no a–z to
    // compare widths with, so no size adjustment (as next/font computes for it), and any system
    // face with Arabic letters takes the same line box (DejaVu Sans on Linux).
    fallbacks: [{ suffix: 'Fallback', local: ['Arial', 'Tahoma', 'Segoe UI', 'DejaVu Sans'], sizeAdjust: '100.00%', ascentOverride: '137.40%', descentOverride: '73.80%', lineGapOverride: '0.00%' }],
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
  fallbacks: notoFallbacks('latin'),
}

/** The range of the Latin file `fonts.ts` gives next/font (a literal there; the test compares them). */
export const LATIN_RANGE =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD'

/**
 * next/font declares the Latin file's fallback with `local('Arial')` only, which Chromium on Linux
 * does not resolve to its clones. On a machine without Arial the Latin text took the system's font
 * unadjusted; these faces (after next/font's in the stack) give it the clones' and DejaVu Sans's.
 */
const latinFallbacks = (): Fallback[] => notoFallbacks('latin')

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
 *
 * Each name the system lacks is a failed look-up for every font size and weight on the page. On
 * Linux and ChromeOS (fontconfig) a miss is the expensive kind, and those systems have Noto Sans
 * CJK, so its name comes first; Apple and Windows systems, whose look-ups by name are cheap, pay
 * one miss before their own font. Measured on `/jp` and a `/jp` post (`npm run bench:layout`, CPU
 * 1×, median of 6, two rounds): font look-ups in the first layout 18–33 ms → 8–15 ms, the layout
 * 35–53 ms → 27–33 ms. Naming no system font is worse (29–50 ms of look-ups): every character
 * then goes through the system's per-character fallback.
 */
export const CJK_STACKS: Record<string, string[]> = {
  zh: ['Noto Sans CJK SC', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Source Han Sans SC'],
  jp: ['Noto Sans CJK JP', 'Hiragino Sans', 'Hiragino Kaku Gothic ProN', 'Yu Gothic', 'Meiryo', 'Source Han Sans JP'],
  ko: ['Noto Sans CJK KR', 'Apple SD Gothic Neo', 'Malgun Gothic', 'Source Han Sans KR'],
}

const quote = (family: string) => `'${family}'`

const fallbackFamily = (family: string, fallback: Fallback) => `${family} ${fallback.suffix}`

function fallbackRule(family: string, fallback: Fallback, unicodeRange: string): string {
  return `@font-face{font-family:${quote(fallbackFamily(family, fallback))};src:${fallback.local.map((name) => `local(${quote(name)})`).join(',')};size-adjust:${fallback.sizeAdjust};ascent-override:${fallback.ascentOverride};descent-override:${fallback.descentOverride};line-gap-override:${fallback.lineGapOverride};unicode-range:${unicodeRange}}`
}

function faceRules(font: ScriptFont): string {
  return [
    `@font-face{font-family:${quote(font.family)};font-style:normal;font-weight:${font.weight};font-display:swap;src:url(${font.href}) format('woff2');unicode-range:${font.unicodeRange}}`,
    ...font.fallbacks.map((fallback) => fallbackRule(font.family, fallback, font.unicodeRange)),
  ].join('')
}

const LATIN_FAMILY = 'Veilgate Latin'

/** The `@font-face` rules a locale's pages need (its scripts and extended Latin): nothing for others. */
export function localeFontFaces(code: string): string {
  return [...[latinExtended, ...ownFaces(code)].map(faceRules), ...latinFallbacks().map((fallback) => fallbackRule(LATIN_FAMILY, fallback, LATIN_RANGE))].join('')
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
    ...own.flatMap((font) => font.fallbacks.map((fallback) => quote(fallbackFamily(font.family, fallback)))),
    ...(CJK_STACKS[code] ?? []).map(quote),
    latin.fallback,
    ...latinFallbacks().map((fallback) => quote(fallbackFamily(LATIN_FAMILY, fallback))),
  ].join(', ')
}
