import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { setRequestLocale } from 'next-intl/server'
import { cache } from 'react'
import { RenderBlocks } from '@/blocks/RenderBlocks'
import { FallbackAlert } from '@/components/layout/FallbackAlert'
import { SiteShell } from '@/components/layout/SiteShell'
import { defaultLocale, isLocaleCode, type LocaleCode } from '@/i18n/locales'
import { brand } from '@/lib/brand'
import { pageMetadata } from '@/lib/seo'
import { resolvePage } from '@/services/content/pages'

type Props = { params: Promise<{ locale: string; slug?: string[] }> }

// Pages render on first visit and are then served from the cache; saving a page in the admin refreshes it.
export const revalidate = 3600
export const dynamicParams = true
export function generateStaticParams() {
  return []
}

function pathFrom(slug: string[] | undefined): string {
  if (!slug?.length) return '/'
  return `/${slug.map((part) => decodeURIComponent(part)).join('/')}`
}

const loadPage = cache((path: string, locale: LocaleCode) => resolvePage(path, locale))

async function read(params: Props['params']) {
  const { locale: raw, slug } = await params
  const locale = isLocaleCode(raw) ? raw : defaultLocale
  const path = pathFrom(slug)
  return { locale, path, resolved: await loadPage(path, locale) }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, path, resolved } = await read(params)
  if (!resolved) return {}
  const { page, fallback, translatedLocales } = resolved
  const settings = page.settings ?? {}
  const ogImage = settings.ogImage && typeof settings.ogImage === 'object' ? settings.ogImage.url : undefined
  return pageMetadata({
    locale,
    path,
    title: settings.title || page.title || brand.name,
    description: settings.description,
    keywords: settings.keywords,
    ogTitle: settings.ogTitle,
    ogDescription: settings.ogDescription,
    ogImage,
    twitterSite: settings.twitterSite,
    canonical: settings.canonical,
    noIndex: fallback || Boolean(settings.noIndex),
    translated: translatedLocales,
  })
}

export default async function ContentPage({ params }: Props) {
  const { locale, path, resolved } = await read(params)
  setRequestLocale(locale)
  if (!resolved) notFound()
  const { page, fallback } = resolved
  return (
    <SiteShell locale={locale} path={path}>
      {fallback && <FallbackAlert locale={locale} />}
      {/* Untranslated content is English: it keeps English's language and direction, not the locale's. */}
      <div lang={fallback ? 'en' : undefined} dir={fallback ? 'ltr' : undefined} data-page-path={page.path}>
        <RenderBlocks blocks={page.layout} locale={locale} />
      </div>
    </SiteShell>
  )
}
