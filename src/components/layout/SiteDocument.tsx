import '@fontsource-variable/noto-sans'
import '@fontsource-variable/noto-sans-arabic'
import '@/app/(frontend)/globals.css'
import { NextIntlClientProvider } from 'next-intl'
import { getMessages } from 'next-intl/server'
import type { ReactNode } from 'react'
import { getLocale } from '@/i18n/locales'

/** The public site's document: `lang`/`dir` from the locale table, fonts, styles, client texts. */
export async function SiteDocument({ locale, children }: { locale: string; children: ReactNode }) {
  const definition = getLocale(locale)
  const messages = await getMessages()
  return (
    <html lang={definition.tag} dir={definition.dir}>
      <body>
        {/* Client islands get only the texts they render themselves. */}
        <NextIntlClientProvider messages={{ ServerError: messages.ServerError }}>{children}</NextIntlClientProvider>
      </body>
    </html>
  )
}
