import { getTranslations } from 'next-intl/server'
import { BreadcrumbJsonLd } from '@/components/seo/JsonLd'
import { localizePath } from '@/i18n/paths'

export type Crumb = { name: string; href: string }

/** The trail from home to the current page, as links and as BreadcrumbList JSON-LD. */
export async function Breadcrumbs({ locale, trail }: { locale: string; trail: Crumb[] }) {
  const t = await getTranslations('Content')
  const items = [{ name: t('home'), href: '/' }, ...trail].map((item) => ({ ...item, href: localizePath(locale, item.href) }))
  return (
    <nav aria-label={t('breadcrumbs')} className="container-site pt-6 text-sm text-muted">
      <ol className="flex flex-wrap items-center gap-1.5">
        {items.map((item, index) => (
          <li key={item.href} className="flex items-center gap-1.5">
            {index > 0 && <span aria-hidden="true">/</span>}
            {index === items.length - 1 ? (
              <span aria-current="page" className="text-ink">
                {item.name}
              </span>
            ) : (
              <a href={item.href} className="hover:text-brand-700 hover:underline">
                {item.name}
              </a>
            )}
          </li>
        ))}
      </ol>
      <BreadcrumbJsonLd items={items} />
    </nav>
  )
}
