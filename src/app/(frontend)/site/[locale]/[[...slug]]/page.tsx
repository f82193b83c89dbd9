import type { Metadata } from 'next'
import { draftMode } from 'next/headers'
import { notFound } from 'next/navigation'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { cache } from 'react'
import { RenderBlocks } from '@/blocks/RenderBlocks'
import { HelpArticleView } from '@/components/content/HelpArticleView'
import { PostView } from '@/components/content/PostView'
import { Breadcrumbs, type Crumb } from '@/components/layout/Breadcrumbs'
import { FallbackAlert } from '@/components/layout/FallbackAlert'
import { LivePreviewRefresh } from '@/components/layout/LivePreviewRefresh.client'
import { SiteShell } from '@/components/layout/SiteShell'
import { OrganizationJsonLd } from '@/components/seo/JsonLd'
import { defaultLocale, isLocaleCode, type LocaleCode } from '@/i18n/locales'
import { brand } from '@/lib/brand'
import { pageMetadata } from '@/lib/seo'
import type { Media } from '@/payload-types'
import { resolveContent, type ResolvedContent } from '@/services/content/resolve'

type Props = { params: Promise<{ locale: string; slug?: string[] }> }

// Pages render on first visit and are then served from the cache; saving in the admin refreshes them.
export const revalidate = 3600
export const dynamicParams = true
export function generateStaticParams() {
  return []
}

function pathFrom(slug: string[] | undefined): string {
  if (!slug?.length) return '/'
  return `/${slug.map((part) => decodeURIComponent(part)).join('/')}`
}

const load = cache((path: string, locale: LocaleCode, draft: boolean) => resolveContent(path, locale, { draft }))

async function read(params: Props['params']) {
  const { locale: raw, slug } = await params
  const locale = isLocaleCode(raw) ? raw : defaultLocale
  const path = pathFrom(slug)
  const draft = (await draftMode()).isEnabled
  return { locale, path, draft, content: await load(path, locale, draft) }
}

function describe(content: ResolvedContent) {
  if (content.kind === 'page') return { title: content.page.title, settings: content.page.settings ?? {}, summary: undefined }
  if (content.kind === 'post') return { title: content.post.title, settings: content.post.settings ?? {}, summary: content.post.excerpt }
  return { title: content.article.title, settings: content.article.settings ?? {}, summary: content.article.summary }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, path, content } = await read(params)
  if (!content) return {}
  const { title, settings, summary } = describe(content)
  const ogImage = settings.ogImage && typeof settings.ogImage === 'object' ? (settings.ogImage as Media).url : undefined
  return pageMetadata({
    locale,
    path,
    title: settings.title || title || brand.name,
    description: settings.description || summary,
    keywords: settings.keywords,
    ogTitle: settings.ogTitle,
    ogDescription: settings.ogDescription,
    ogImage,
    twitterSite: settings.twitterSite,
    canonical: settings.canonical,
    noIndex: content.fallback || Boolean(settings.noIndex),
    translated: content.translatedLocales,
    type: content.kind === 'post' ? 'article' : 'website',
  })
}

export default async function ContentPage({ params }: Props) {
  const { locale, path, draft, content } = await read(params)
  setRequestLocale(locale)
  if (!content) notFound()
  const t = await getTranslations('Content')
  const nav = await getTranslations('Navigation')

  let trail: Crumb[] = []
  let body: React.ReactNode
  if (content.kind === 'page') {
    if (path !== '/') trail = [{ name: content.page.title, href: path }]
    body = <RenderBlocks blocks={content.page.layout} context={{ locale, path: content.path, pageNumber: content.pageNumber }} />
  } else if (content.kind === 'post') {
    trail = [
      { name: nav('blog'), href: '/blog' },
      { name: content.post.title, href: path },
    ]
    body = <PostView post={content.post} locale={locale} />
  } else {
    trail = [
      { name: t('helpCentre'), href: '/help' },
      { name: content.article.title, href: path },
    ]
    body = <HelpArticleView article={content.article} locale={locale} />
  }

  return (
    <SiteShell locale={locale} path={path}>
      {content.fallback && <FallbackAlert locale={locale} />}
      {trail.length > 0 && <Breadcrumbs locale={locale} trail={trail} />}
      {/* Untranslated content is English: it keeps English's language and direction, not the locale's.
          `data-hydrate="demand"`: Next's scripts load when the visitor or an island wants them (scripts/lib/after-paint.mjs); a preview loads them at once. */}
      <div lang={content.fallback ? 'en' : undefined} dir={content.fallback ? 'ltr' : undefined} data-content-kind={content.kind} data-hydrate={draft ? undefined : 'demand'}>
        {body}
      </div>
      {path === '/' && <OrganizationJsonLd locale={locale} />}
      {draft && <LivePreviewRefresh />}
    </SiteShell>
  )
}
