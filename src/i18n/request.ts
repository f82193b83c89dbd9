import { getRequestConfig } from 'next-intl/server'
import { defaultLocale, getLocale, isLocaleCode } from './locales'
import { loadMessages } from './messages'

/**
 * next-intl's per-request config. The `[locale]` segment carries the URL code
 * (`ua`); next-intl gets the BCP 47 tag (`uk`) so plurals and dates use the
 * right language rules.
 */
export default getRequestConfig(async ({ locale, requestLocale }) => {
  const requested = locale ?? (await requestLocale)
  const code = isLocaleCode(requested) ? requested : defaultLocale
  return {
    locale: getLocale(code).tag,
    messages: await loadMessages(code),
    timeZone: 'UTC',
  }
})
