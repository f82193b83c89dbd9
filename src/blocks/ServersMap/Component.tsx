import { getTranslations } from 'next-intl/server'
import { locationsFor } from '../serverLocations'
import type { BlockProps } from '../types'

/** Locations as dots on an equirectangular projection; the list below carries the same facts as text. */
export async function ServersMap({ block, locale }: BlockProps<'serversMap'>) {
  const t = await getTranslations('Blocks')
  const { locations, serversList } = await locationsFor(locale)
  const total = serversList.totalServers
  return (
    <section className="bg-brand-950 py-16 text-white">
      <div className="container-site">
        <h2 className="text-3xl font-bold tracking-tight">{block.heading}</h2>
        {block.text && <p className="mt-3 max-w-2xl text-white/80">{block.text}</p>}
        <p className="mt-2 text-sm text-accent-300">
          {t('servers', { count: total })} · {t('locations', { count: locations.length })}
        </p>
        <svg viewBox="0 0 360 160" className="mt-8 w-full" role="img" aria-label={block.heading}>
          <rect width="360" height="160" rx="8" fill="rgba(255,255,255,0.04)" />
          {locations.map((l) => (
            <circle key={l.code} cx={l.longitude + 180} cy={90 - l.latitude} r={Math.min(4, 1.5 + l.servers / 80)} fill="#2dd4bf" opacity="0.85">
              <title>{`${l.country}, ${l.city}`}</title>
            </circle>
          ))}
        </svg>
      </div>
    </section>
  )
}
