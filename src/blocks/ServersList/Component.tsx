import { getTranslations } from 'next-intl/server'
import { locationsFor } from '../serverLocations'
import type { BlockProps } from '../types'

export async function ServersList({ block, locale }: BlockProps<'serversList'>) {
  const t = await getTranslations('Blocks')
  const { serversList } = await locationsFor(locale)
  return (
    <section className="py-16">
      <div className="container-site">
        <h2 className="text-3xl font-bold tracking-tight">{block.heading}</h2>
        {block.text && <p className="mt-3 max-w-2xl text-muted">{block.text}</p>}
        <div className="mt-8 grid gap-8 md:grid-cols-2 lg:grid-cols-4">
          {serversList.regions.map(({ region, locations }) => (
            <div key={region}>
              <h3 className="font-semibold">{t(`region_${region}`)}</h3>
              <ul className="mt-3 space-y-1.5 text-sm">
                {locations.map((location) => (
                  <li key={location.code} className="flex justify-between gap-3">
                    <span>
                      {location.country} · {location.city}
                    </span>
                    <span className="text-muted">{t('servers', { count: location.servers })}</span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </div>
    </section>
  )
}
