'use client'

import { useEffect, useState } from 'react'
import english from '../../../messages/en.json'
import { localeFromTag } from '@/i18n/locales'

export type ErrorTexts = typeof english.ServerError

/**
 * The error screens' texts without the i18n runtime in every page's bundle:
 * English at once, then the visitor's language (from `<html lang>`), loaded
 * only when an error is actually shown.
 */
export function useErrorTexts(): { texts: ErrorTexts; locale: string } {
  const [state, setState] = useState<{ texts: ErrorTexts; locale: string }>({ texts: english.ServerError, locale: 'en' })
  useEffect(() => {
    const code = localeFromTag(document.documentElement.lang || 'en')?.code ?? 'en'
    if (code === 'en') return
    import(`../../../messages/${code}.json`)
      .then((module: { default: { ServerError?: Partial<ErrorTexts> } }) =>
        setState({ locale: code, texts: { ...english.ServerError, ...module.default.ServerError } }),
      )
      .catch(() => undefined)
  }, [])
  return state
}
