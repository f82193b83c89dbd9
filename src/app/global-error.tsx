'use client'

import { useErrorTexts } from '@/components/layout/errorTexts'
import { getLocale } from '@/i18n/locales'
import { localizePath, splitLocalePath } from '@/i18n/paths'
import { brand } from '@/lib/brand'

/** Shown when even the error page could not render: the failure text and a link home. */
export default function GlobalError() {
  const { texts } = useErrorTexts()
  // The root layout failed, so <html lang> may be missing: the URL names the locale.
  const locale = typeof window === 'undefined' ? 'en' : splitLocalePath(window.location.pathname).locale
  const definition = getLocale(locale)
  return (
    <html lang={definition.tag} dir={definition.dir}>
      <body style={{ fontFamily: 'system-ui, sans-serif', margin: 0 }}>
        <main style={{ display: 'grid', minHeight: '100vh', placeItems: 'center', textAlign: 'center', padding: '2rem' }}>
          <div>
            {texts && <h1 style={{ fontSize: '1.5rem', color: '#14132b' }}>{texts.failure}</h1>}
            <a href={localizePath(locale, '/')} style={{ color: '#3730a3', fontWeight: 600 }}>
              {texts?.goHome ?? brand.name}
            </a>
          </div>
        </main>
      </body>
    </html>
  )
}
