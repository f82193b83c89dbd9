import { getMessages } from 'next-intl/server'
import { GeoIpAttribution } from '@/components/geoip/GeoIpAttribution'
import { getLocale } from '@/i18n/locales'
import type { BlockProps } from '../types'
import { ConnectionTestLoader } from './ConnectionTestLoader.client'

/**
 * The connection test: the heading and intro, then the island that runs it (its texts as props;
 * where it tests comes with each new test, never from the cached page) and the geo data's credits.
 */
export async function ConnectionTest({ block, locale }: BlockProps<'connectionTest'>) {
  const messages = await getMessages({ locale })
  return (
    <section className="py-16" data-block="connection-test" data-island="" aria-labelledby={block.id ? `connection-test-${block.id}` : undefined}>
      <div className="container-site grid max-w-4xl gap-6">
        <div>
          <h2 id={block.id ? `connection-test-${block.id}` : undefined} className="text-3xl font-bold tracking-tight">
            {block.heading}
          </h2>
          {block.intro && <p className="mt-3 text-lg text-muted">{block.intro}</p>}
        </div>
        <ConnectionTestLoader texts={messages.ConnectionTest} languageTag={getLocale(locale).tag} locale={locale} />
        <GeoIpAttribution label={messages.GeoIp.attribution} />
      </div>
    </section>
  )
}
