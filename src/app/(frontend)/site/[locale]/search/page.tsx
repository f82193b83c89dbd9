import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { z } from 'zod'
import { RenderBlocks } from '@/blocks/RenderBlocks'
import { SiteShell } from '@/components/layout/SiteShell'
import { SmartLink } from '@/components/ui/SmartLink'
import { defaultLocale, isLocaleCode } from '@/i18n/locales'
import { localizePath } from '@/i18n/paths'
import { pageMetadata } from '@/lib/seo'
import { payloadClient } from '@/services/content/payload'
import { resolvePage } from '@/services/content/pages'
import { search } from '@/services/search/search'

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }

// Results depend on the query string, so this page is rendered for every request.
export const dynamic = 'force-dynamic'

const input = z.object({
  q: z.string().trim().max(200).catch(''),
  page: z.coerce.number().int().min(1).max(1000).catch(1),
})

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale: raw } = await params
  const locale = isLocaleCode(raw) ? raw : defaultLocale
  const t = await getTranslations({ locale, namespace: 'Search' })
  const resolved = await resolvePage('/search', locale)
  return pageMetadata({
    locale,
    path: '/search',
    title: resolved?.page.settings?.title || resolved?.page.title || t('label'),
    description: resolved?.page.settings?.description,
    noIndex: true,
    translated: resolved?.translatedLocales ?? ['en'],
  })
}

export default async function SearchPage({ params, searchParams }: Props) {
  const { locale: raw } = await params
  const locale = isLocaleCode(raw) ? raw : defaultLocale
  setRequestLocale(locale)
  const t = await getTranslations('Search')
  const blocks = await getTranslations('Blocks')
  const { q, page } = input.parse({ q: (await searchParams).q ?? '', page: (await searchParams).page ?? 1 })
  const [resolved, result] = await Promise.all([
    resolvePage('/search', locale),
    q ? search(await payloadClient(), { query: q, locale, page }) : Promise.resolve(null),
  ])
  const pageHref = (n: number) => `${localizePath(locale, '/search')}?q=${encodeURIComponent(q)}${n > 1 ? `&page=${n}` : ''}`

  return (
    <SiteShell locale={locale} path="/search">
      {resolved && <RenderBlocks blocks={resolved.page.layout} context={{ locale, path: '/search', pageNumber: 1 }} />}
      <section className="container-site max-w-3xl py-10">
        <form role="search" action={localizePath(locale, '/search')} method="get" className="flex gap-2">
          <label htmlFor="search-q" className="sr-only">
            {t('label')}
          </label>
          <input
            id="search-q"
            name="q"
            type="search"
            defaultValue={q}
            placeholder={t('placeholder')}
            maxLength={200}
            className="min-w-0 flex-1 rounded-full border border-line px-5 py-3 text-base focus:border-brand-600"
          />
          <button type="submit" className="btn-primary px-6">
            {t('submit')}
          </button>
        </form>
        {!result && <p className="mt-6 text-muted">{t('prompt')}</p>}
        {result && (
          <div className="mt-8" aria-live="polite">
            <p className="text-sm text-muted">{result.total ? t('results', { count: result.total, query: result.query }) : t('noResults', { query: result.query })}</p>
            <ol className="mt-6 space-y-6">
              {result.hits.map((hit) => (
                <li key={hit.path} data-search-hit={hit.path}>
                  <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{t(`kind_${hit.kind}`)}</p>
                  <h2 className="mt-1 text-lg font-semibold">
                    <SmartLink href={hit.path} locale={locale} className="hover:text-brand-700 hover:underline">
                      {hit.title}
                    </SmartLink>
                  </h2>
                  <p className="mt-1 text-sm leading-relaxed text-muted">
                    {hit.snippet.map((part, index) =>
                      part.match ? (
                        <mark key={index} className="rounded bg-accent-300/60 px-0.5 text-ink">
                          {part.text}
                        </mark>
                      ) : (
                        <span key={index}>{part.text}</span>
                      ),
                    )}
                  </p>
                </li>
              ))}
            </ol>
            {result.totalPages > 1 && (
              <nav aria-label={blocks('pagination')} className="mt-8 flex flex-wrap gap-2">
                {Array.from({ length: result.totalPages }, (_, i) => i + 1).map((n) => (
                  <a
                    key={n}
                    href={pageHref(n)}
                    aria-current={n === result.page ? 'page' : undefined}
                    className={`inline-flex size-10 items-center justify-center rounded-full border ${n === result.page ? 'border-brand-600 bg-brand-600 text-white' : 'border-line'}`}
                  >
                    {n}
                  </a>
                ))}
              </nav>
            )}
          </div>
        )}
      </section>
    </SiteShell>
  )
}
