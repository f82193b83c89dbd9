import type { BannerName } from '@/lib/banners'
import type { BannerView } from '@/services/content/banners'

const roots: Record<BannerName, string> = { rewards: 'rewards', rewardsMini: 'rewards-mini', coin: 'coin', coinMini: 'coin-mini' }

/**
 * A promotional banner from the `banners` global: a labelled region (`data-banner` names it)
 * whose text and link come from the admin. The full banners (rewards on the home page, coin) are a
 * band with a button; the mini-banners a slim strip. Each keeps a minimum height, and both are in
 * the server's HTML, so nothing moves when the page loads.
 */
export function PromoBanner({ banner, label }: { banner: BannerView; label: string }) {
  const full = banner.name === 'rewards' || banner.name === 'coin'
  const tone = banner.name.startsWith('coin') ? 'bg-brand-800 text-white' : 'bg-accent-400 text-brand-950'
  if (!full) {
    return (
      <section aria-label={label} data-banner={roots[banner.name]} className={`${tone} min-h-9`}>
        <p className="container-site flex flex-wrap items-center justify-center gap-x-3 py-2 text-sm font-medium">
          {banner.text}
          <a href={banner.href} className="underline underline-offset-2">
            {banner.linkLabel}
          </a>
        </p>
      </section>
    )
  }
  return (
    <section aria-label={label} data-banner={roots[banner.name]} className={`${tone} min-h-20`}>
      <div className="container-site flex flex-col items-center justify-center gap-3 py-4 text-center sm:flex-row sm:gap-6 sm:text-start">
        <p className="text-base font-semibold sm:text-lg">{banner.text}</p>
        <a
          href={banner.href}
         
          className={`inline-flex shrink-0 items-center rounded-full px-5 py-2 text-sm font-semibold ${banner.name === 'coin' ? 'bg-white text-brand-900' : 'bg-brand-950 text-white'}`}
        >
          {banner.linkLabel}
        </a>
      </div>
    </section>
  )
}
