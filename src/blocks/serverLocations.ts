import { cache } from 'react'
import { getLocale } from '@/i18n/locales'
import { payloadClient } from '@/services/content/payload'
import { serverLocations } from '@/services/content/servers'

/**
 * Server locations for the servers map, list and region blocks: read once per
 * render however many of them a page has, with country names in the page's language.
 */
export const locationsFor = cache(async (locale: string) => ({
  locations: await serverLocations(await payloadClient()),
  countries: new Intl.DisplayNames([getLocale(locale).tag], { type: 'region' }),
}))
