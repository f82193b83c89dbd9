'use client'

import { createContext, createElement, useContext, useEffect, useState, type ReactNode } from 'react'
import type english from '../../../messages/en.json'
import { localeFromTag } from '@/i18n/locales'

export type ErrorTexts = typeof english.ServerError
/** Where "Contact us" goes: the support chat (`SUPPORT_CHAT_URL`, a new window) or an e-mail (`src/lib/support.ts`). */
export type SupportContact = { href: string; chat: boolean }
type Located = { texts: ErrorTexts; locale: string; support?: SupportContact }

const ErrorTextsContext = createContext<Located | null>(null)

/**
 * The locale layout hands the error screen its texts (a few hundred bytes in the page), so no
 * message catalogue ships in the bundle that every page loads.
 */
export function ErrorTextsProvider({ texts, locale, support, children }: Located & { children: ReactNode }) {
  return createElement(ErrorTextsContext.Provider, { value: { texts, locale, support } }, children)
}

/**
 * The error screens' texts: from the locale layout when it rendered; otherwise (the layout itself
 * failed) the visitor's catalogue (from `<html lang>`, filled in from English) is fetched only now.
 * `texts` is null until it arrives, or if it cannot.
 */
export function useErrorTexts(): { texts: ErrorTexts | null; locale: string; support?: SupportContact } {
  const provided = useContext(ErrorTextsContext)
  const [loaded, setLoaded] = useState<Located | null>(null)
  useEffect(() => {
    if (provided) return
    const code = localeFromTag(document.documentElement.lang || 'en')?.code ?? 'en'
    let current = true
    // Loaded lazily: its table of 32 catalogues stays out of the bundle every page loads.
    import('@/i18n/messages')
      .then(({ loadMessages }) => loadMessages(code))
      .then(({ ServerError }) => {
        if (current) setLoaded({ locale: code, texts: ServerError })
      })
      .catch(() => undefined)
    return () => {
      current = false
    }
  }, [provided])
  return provided ?? loaded ?? { texts: null, locale: 'en' }
}
