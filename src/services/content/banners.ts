// The promotional banners as pages show them, and their refresh when a window opens or closes.
import type { Payload } from 'payload'
import { localizePath } from '@/i18n/paths'
import { bannerActive, bannerNames, type BannerDoc, type BannerName } from '@/lib/banners'
import { payloadClient } from './payload'

/** One banner ready to show: its text and link in the page's locale. */
export type BannerView = { name: BannerName; text: string; linkLabel: string; href: string }


/** The banners whose window holds `at` (the server date), in `locale` (English where a text is missing). */
export async function shownBanners(locale: string, at: Date, client?: Payload): Promise<Partial<Record<BannerName, BannerView>>> {
  const payload = client ?? (await payloadClient())
  const doc = (await payload.findGlobal({ slug: 'banners', locale: locale as 'en', fallbackLocale: 'en', depth: 0 })) as unknown as Partial<Record<BannerName, BannerDoc | null>>
  const shown: Partial<Record<BannerName, BannerView>> = {}
  for (const name of bannerNames) {
    const banner = doc[name]
    if (!banner || !bannerActive(banner, at) || !banner.text || !banner.linkLabel || !banner.linkPath) continue
    shown[name] = { name, text: banner.text, linkLabel: banner.linkLabel, href: localizePath(locale, banner.linkPath) }
  }
  return shown
}
