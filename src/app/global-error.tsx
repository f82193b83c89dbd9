'use client'

import { useEffect, useState } from 'react'
import english from '../../messages/en.json'
import { getLocale } from '@/i18n/locales'
import { localizePath, splitLocalePath } from '@/i18n/paths'

type Texts = Pick<typeof english.ServerError, 'failure' | 'goHome'>

/**
 * Shown when even the error page could not render. It starts in English and
 * swaps to the visitor's language once that file has loaded.
 */
export default function GlobalError() {
  const [locale, setLocale] = useState('en')
  const [texts, setTexts] = useState<Texts>(english.ServerError)

  useEffect(() => {
    const code = splitLocalePath(window.location.pathname).locale
    if (code === 'en') return
    import(`../../messages/${code}.json`)
      .then((module: { default: { ServerError?: Partial<Texts> } }) => {
        setLocale(code)
        setTexts({ ...english.ServerError, ...module.default.ServerError })
      })
      .catch(() => undefined)
  }, [])

  const definition = getLocale(locale)
  return (
    <html lang={definition.tag} dir={definition.dir}>
      <body style={{ fontFamily: 'system-ui, sans-serif', margin: 0 }}>
        <main style={{ display: 'grid', minHeight: '100vh', placeItems: 'center', textAlign: 'center', padding: '2rem' }}>
          <div>
            <h1 style={{ fontSize: '1.5rem', color: '#14132b' }}>{texts.failure}</h1>
            <a href={localizePath(locale, '/')} style={{ color: '#3730a3', fontWeight: 600 }}>
              {texts.goHome}
            </a>
          </div>
        </main>
      </body>
    </html>
  )
}
