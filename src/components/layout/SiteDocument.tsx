import '@fontsource-variable/noto-sans'
import '@fontsource-variable/noto-sans-arabic'
import '@/app/(frontend)/globals.css'
import type { CSSProperties, ReactNode } from 'react'
import { notoSansLatin } from './fonts'
import { getLocale } from '@/i18n/locales'

/**
 * The public site's document: `lang`/`dir` from the locale table, fonts and styles.
 * Client islands get their texts as props, so no i18n runtime ships to the browser.
 */
export function SiteDocument({ locale, children }: { locale: string; children: ReactNode }) {
  const definition = getLocale(locale)
  // next/font gives "'Latin', 'Latin Fallback'"; the other scripts' faces go between the two,
  // so Cyrillic, Greek and Arabic use Noto rather than the metric-matched Latin fallback.
  const [latin, latinFallback] = notoSansLatin.style.fontFamily.split(/,\s*/)
  const fontStack = [latin, "'Noto Sans Variable'", "'Noto Sans Arabic Variable'", latinFallback].join(', ')
  return (
    <html lang={definition.tag} dir={definition.dir} style={{ '--font-site': fontStack } as CSSProperties}>
      <body>{children}</body>
    </html>
  )
}
