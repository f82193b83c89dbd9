import { getTranslations } from 'next-intl/server'
import { locationsFor } from '../serverLocations'
import type { BlockProps } from '../types'

/** Where a personal static IP can be located (the `/vpn/iplist/` data). */
export async function Region({ block, locale }: BlockProps<'region'>) {
  const t = await getTranslations('Blocks')
  const { ipList } = await locationsFor(locale)
  return (
    <section className="py-16">
      <div className="container-site">
        <h2 className="text-3xl font-bold tracking-tight">{block.heading}</h2>
        {block.text && <p className="mt-3 max-w-2xl text-muted">{block.text}</p>}
        <ul className="mt-8 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {ipList.map((l) => (
            <li key={l.code} className="rounded-xl border border-line px-4 py-3">
              <span className="font-medium">{l.country}</span>
              <span className="block text-sm text-muted">
                {l.city} · {t('staticIpAvailable')}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
