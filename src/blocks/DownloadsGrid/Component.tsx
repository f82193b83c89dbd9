import { getTranslations } from 'next-intl/server'
import { SmartLink } from '@/components/ui/SmartLink'
import { appReleases } from '@/services/downloads/apps'
import type { BlockProps } from '../types'

export async function DownloadsGrid({ block, locale }: BlockProps<'downloadsGrid'>) {
  const t = await getTranslations('Blocks')
  const releases = (block.platforms ?? []).map((platform) => appReleases[platform])
  return (
    <section className="py-16">
      <div className="container-site">
        <h2 className="text-3xl font-bold tracking-tight">{block.heading}</h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {releases.map((release) => (
            <li key={release.platform} className="flex flex-col rounded-2xl border border-line p-6" data-platform={release.platform}>
              <h3 className="text-lg font-semibold">Veilgate · {release.name}</h3>
              <p className="mt-1 text-sm text-muted">{release.requirement}</p>
              {release.version && <p className="mt-1 text-xs text-muted">{t('version', { version: release.version })}</p>}
              <SmartLink href={release.href} locale={locale} className="btn-primary mt-5 self-start">
                {release.download ? t('download') : release.href.startsWith('/') ? t('setUp') : t('getApp')}
              </SmartLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
