import localFont from 'next/font/local'

/**
 * The Latin subset of Noto Sans through next/font: it is preloaded and its
 * fallback gets matching metrics, so text does not jump when the font
 * arrives. Other scripts (Cyrillic, Greek, Arabic) come from the fontsource
 * packages, each downloaded only when a page uses its characters.
 */
export const notoSansLatin = localFont({
  // fontsource's Latin file cut to weights 400–800 (the CSS uses 400 to font-extrabold), 35 → 26
  // KiB: `npm start`, the test suite's build and `npm run dev` write it first
  // (`cutFontsBeforeBuild` in scripts/lib/fonts.mjs, from font-subsets.json).
  src: './generated/noto-sans-latin.woff2',
  weight: '400 800',
  style: 'normal',
  display: 'swap',
  preload: true,
  adjustFontFallback: 'Arial',
  declarations: [
    {
      prop: 'unicode-range',
      value:
        'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
    },
  ],
})
