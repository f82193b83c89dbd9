import { getTranslations } from 'next-intl/server'
import { SmartLink } from '@/components/ui/SmartLink'
import { getLocale, isLocaleCode } from '@/i18n/locales'
import { listChildren, paginationPath } from '@/services/content/listing'
import { payloadClient } from '@/services/content/payload'
import type { BlockProps } from '../types'

export async function ChildrenListing({ block, locale, context }: BlockProps<'childrenListing'>) {
  const t = await getTranslations('Blocks')
  const listing = await listChildren(await payloadClient(), {
    source: block.source,
    parentPath: block.parentPath || context.path,
    locale: isLocaleCode(locale) ? locale : 'en',
    page: context.pageNumber,
    perPage: block.perPage ?? 12,
  })
  const dates = new Intl.DateTimeFormat(getLocale(locale).tag, { dateStyle: 'medium', timeZone: 'UTC' })
  return (
    <section className="py-12">
      <div className="container-site">
        <h2 className="text-2xl font-bold tracking-tight">{block.heading}</h2>
        {listing.items.length === 0 ? (
          <p className="mt-6 text-muted">{t('empty')}</p>
        ) : (
          <ul className={`mt-6 grid gap-5 ${block.source === 'posts' ? 'md:grid-cols-2 lg:grid-cols-3' : 'md:grid-cols-2'}`}>
            {listing.items.map((item) => (
              <li key={item.path} className="flex flex-col rounded-2xl border border-line p-6">
                {(item.category || item.date) && (
                  <p className="text-xs font-medium tracking-wide text-brand-700 uppercase">
                    {[item.category, item.date ? dates.format(new Date(item.date)) : null].filter(Boolean).join(' · ')}
                  </p>
                )}
                <h3 className="mt-2 text-lg font-semibold">
                  <SmartLink href={item.path} locale={locale} className="hover:text-brand-700">
                    {item.title}
                  </SmartLink>
                </h3>
                {item.summary && <p className="mt-2 text-sm leading-relaxed text-muted">{item.summary}</p>}
              </li>
            ))}
          </ul>
        )}
        {listing.totalPages > 1 && (
          <nav aria-label={t('pagination')} className="mt-8 flex items-center justify-between gap-4 text-sm">
            {listing.page > 1 ? (
              <SmartLink href={paginationPath(context.path, listing.page - 1)} locale={locale} className="btn-outline">
                {t('previous')}
              </SmartLink>
            ) : (
              <span />
            )}
            <span className="text-muted">{t('pageOf', { page: listing.page, total: listing.totalPages })}</span>
            {listing.page < listing.totalPages ? (
              <SmartLink href={paginationPath(context.path, listing.page + 1)} locale={locale} className="btn-outline">
                {t('next')}
              </SmartLink>
            ) : (
              <span />
            )}
          </nav>
        )}
      </div>
    </section>
  )
}
