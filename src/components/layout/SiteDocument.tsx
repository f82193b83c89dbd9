import '@/app/(frontend)/globals.css'
import type { CSSProperties, ReactNode } from 'react'
import { preload } from 'react-dom'
import { getTranslations } from 'next-intl/server'
import { SiteBehaviours } from './SiteBehaviours.client'
import { localeFontFaces, localeFontStack, localePreloads } from './font-table'
import { notoSansLatin } from './fonts'
import { getLocale } from '@/i18n/locales'
import { supportContact } from '@/lib/support'

/**
 * The public site's document: `lang`/`dir` from the locale table, fonts and styles.
 * Client islands get their texts as props, so no i18n runtime ships to the browser.
 *
 * Fonts per locale (`font-table.ts`): Latin comes through next/font, preloaded everywhere; the
 * locale's other script (Arabic for ar and fa, Cyrillic for ru, ua, be, bg and sr, Greek for el)
 * is preloaded here and declared inline with its metric-matched fallback, so text paints at once
 * and does not move when the face arrives. No locale declares a face for a script it does not use.
 */
export async function SiteDocument({ locale, children }: { locale: string; children: ReactNode }) {
  const definition = getLocale(locale)
  const [t, server, errors] = await Promise.all([
    getTranslations({ locale: definition.code, namespace: 'Behaviours' }),
    getTranslations({ locale: definition.code, namespace: 'ServerError' }),
    getTranslations({ locale: definition.code, namespace: 'Errors' }),
  ])
  const texts = {
    offline: t('offline'),
    progress: t('progress'),
    loading: t('loading'),
    close: t('close'),
    newWindow: t('newWindow'),
    errorTitle: server('title'),
    contactPrompt: server('contactPrompt'),
    contactUs: server('contactUs'),
    undefinedError: errors('undefinedError'),
    logger: {
      title: t('loggerTitle'),
      close: t('close'),
      clear: t('loggerClear'),
      empty: t('loggerEmpty'),
      request: t('loggerRequest'),
      error: t('loggerError'),
      change: t('loggerChange'),
    },
  }
  // next/font gives "'Latin', 'Latin Fallback'".
  const [family = '', fallback = ''] = notoSansLatin.style.fontFamily.split(/,\s*/)
  for (const href of localePreloads(definition.code)) preload(href, { as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' })
  return (
    <html lang={definition.tag} dir={definition.dir} style={{ '--font-site': localeFontStack(definition.code, { family, fallback }) } as CSSProperties}>
      {/* eslint-disable-next-line @next/next/no-head-element -- a root layout of the App Router writes its own <head>; the rule is for pages/_document */}
      <head>
        <style dangerouslySetInnerHTML={{ __html: localeFontFaces(definition.code) }} />
        {/* Hides the server-rendered cookie notice at once for a visitor who chose, and loads what "Accept all" allows (CookieNotice.client.tsx). */}
        <script src="/scripts/cookie-notice.js" async />
        {/* The configured tags (GTM_ID, CONSENT_SCRIPT_URL), read per process; the tag manager waits for "Accept all". */}
        <script src="/api/site/tags" async />
      </head>
      <body>
        {children}
        <SiteBehaviours texts={texts} support={supportContact()} />
      </body>
    </html>
  )
}
