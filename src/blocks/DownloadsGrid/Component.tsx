import { getTranslations } from 'next-intl/server'
import { CopyButton } from '@/components/ui/CopyButton'
import { SmartLink } from '@/components/ui/SmartLink'
import { getLocale } from '@/i18n/locales'
import { payloadClient } from '@/services/content/payload'
import { appReleases, type AppPlatform } from '@/services/downloads/apps'
import { currentReleases, fileNameOf, formatFileSize, productNames, verifyCommand, type AppProduct, type ReleaseView } from '@/services/downloads/releases'
import type { BlockProps } from '../types'

type Texts = Awaited<ReturnType<typeof getTranslations<'Blocks'>>>

/** A release served as a file: its facts, the Download button, the SHA-256 to copy and how to check it. */
function Download({ release, product, name, t, tag }: { release: ReleaseView & { url: string }; product: AppProduct; name: string; t: Texts; tag: string }) {
  const id = `sha256-${product}-${release.platform}`
  const command = verifyCommand(release.platform, fileNameOf(release.url))
  return (
    <>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">{t('versionLabel')}</dt>
        <dd>{release.version}</dd>
        <dt className="text-muted">{t('released')}</dt>
        <dd>
          <time dateTime={release.releaseDate.slice(0, 10)}>{new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(release.releaseDate))}</time>
        </dd>
        {release.fileSize !== null && (
          <>
            <dt className="text-muted">{t('size')}</dt>
            <dd>{formatFileSize(release.fileSize, tag)}</dd>
          </>
        )}
        {release.minOs && (
          <>
            <dt className="text-muted">{t('requires')}</dt>
            <dd>{release.minOs}</dd>
          </>
        )}
      </dl>
      {release.changelog && (
        <div className="mt-4 text-sm">
          <h4 className="font-semibold">{t('changelog')}</h4>
          <p className="mt-1 whitespace-pre-line text-muted">{release.changelog}</p>
        </div>
      )}
      <a href={release.url} download className="btn-primary mt-5 self-start" data-download="">
        {t('download')}
      </a>
      {release.sha256 && (
        <div className="mt-5 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h4 className="font-semibold">{t('sha256')}</h4>
            <CopyButton target={id} label={t('copyLabel', { platform: name })} text={t('copy')} copied={t('copied')} />
          </div>
          <code id={id} dir="ltr" className="mt-1 block break-all rounded-md bg-surface px-2 py-1.5 font-mono text-xs" data-sha256="">
            {release.sha256}
          </code>
          {command && (
            <>
              <h4 className="mt-4 font-semibold">{t('verifyHeading')}</h4>
              <p className="mt-1 text-muted">{t('verifyText')}</p>
              <pre dir="ltr" className="mt-2 whitespace-pre-wrap break-all rounded-md bg-brand-950 px-3 py-2 text-xs text-white">
                <code data-verify-command="">{command}</code>
              </pre>
            </>
          )}
        </div>
      )}
    </>
  )
}

/** The apps of a product for the platforms chosen: the current releases (admin → Downloads), each downloadable one with its SHA-256. */
export async function DownloadsGrid({ block, locale }: BlockProps<'downloadsGrid'>) {
  const [t, connection] = await Promise.all([getTranslations('Blocks'), getTranslations('ConnectionTest')])
  const product = (block.product ?? 'vpn') as AppProduct
  const { tag, dir } = getLocale(locale)
  const releases = new Map((await currentReleases(await payloadClient(), product, locale)).map((release) => [release.platform, release]))
  const brand = product === 'vpn' ? 'Veilgate' : productNames[product]
  return (
    <section className="py-16">
      <div className="container-site">
        <h2 className="text-3xl font-bold tracking-tight">{block.heading}</h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {(block.platforms ?? []).map((platform) => {
            const release = releases.get(platform as AppPlatform)
            const table = appReleases[platform as AppPlatform]
            const href = release?.url ?? table.href
            return (
              // The cards speak the page's language (labels, dates, sizes) even where the page's own
              // text falls back to English.
              <li key={platform} lang={tag} dir={dir} className="flex flex-col rounded-2xl border border-line p-6" data-platform={platform}>
                <h3 className="text-lg font-semibold">
                  {brand} · {table.name}
                </h3>
                {release?.download && release.url ? (
                  <Download release={{ ...release, url: release.url }} product={product} name={table.name} t={t} tag={tag} />
                ) : (
                  <>
                    <p className="mt-1 text-sm text-muted">{release?.minOs ?? table.requirement}</p>
                    {release && <p className="mt-1 text-xs text-muted">{t('version', { version: release.version })}</p>}
                    <SmartLink href={href} locale={locale} className="btn-primary mt-5 self-start">
                      {!release && table.download ? t('download') : href.startsWith('/') ? t('setUp') : t('getApp')}
                    </SmartLink>
                  </>
                )}
              </li>
            )
          })}
        </ul>
        {product === 'vpn' && (
          <p className="mt-8">
            <SmartLink href="/connection-test" locale={locale} className="font-semibold text-brand-700 underline">
              {connection('downloadsLink')}
            </SmartLink>
          </p>
        )}
      </div>
    </section>
  )
}
