import type { Metadata } from 'next'
import { getLocale, hreflangExcluded, locales } from '@/i18n/locales'
import { localizePath } from '@/i18n/paths'
import { brand } from './brand'

export function siteUrl(): string {
  return (process.env.SITE_URL || 'http://localhost:3000').replace(/\/+$/, '')
}

export function absoluteUrl(path: string): string {
  return `${siteUrl()}${path}`
}

/**
 * hreflang alternates for a path: the locales the page is written in (ua → uk,
 * jp → ja, never in/pk) and an x-default pointing at English.
 */
export function hreflangAlternates(path: string, translated: readonly string[]): Record<string, string> {
  const languages: Record<string, string> = {}
  for (const locale of locales) {
    if (!translated.includes(locale.code) || hreflangExcluded.includes(locale.code)) continue
    languages[locale.tag] = absoluteUrl(localizePath(locale.code, path))
  }
  languages['x-default'] = absoluteUrl(localizePath('en', path))
  return languages
}

type PageMetaInput = {
  locale: string
  path: string
  title: string
  description?: string | null
  keywords?: string | null
  ogTitle?: string | null
  ogDescription?: string | null
  ogImage?: string | null
  twitterSite?: string | null
  canonical?: string | null
  noIndex: boolean
  translated: readonly string[]
  type?: 'website' | 'article'
}

export function pageMetadata(input: PageMetaInput): Metadata {
  const url = absoluteUrl(localizePath(input.locale, input.path))
  const canonical = input.canonical ? (input.canonical.startsWith('/') ? absoluteUrl(input.canonical) : input.canonical) : url
  const description = input.description ?? undefined
  return {
    title: input.title,
    description,
    keywords: input.keywords ?? undefined,
    alternates: { canonical, languages: hreflangAlternates(input.path, input.translated) },
    robots: input.noIndex ? { index: false, follow: true } : { index: true, follow: true },
    openGraph: {
      type: input.type ?? 'website',
      siteName: brand.name,
      title: input.ogTitle || input.title,
      description: input.ogDescription || description,
      url,
      locale: getLocale(input.locale).tag,
      images: input.ogImage ? [{ url: input.ogImage }] : undefined,
    },
    twitter: {
      card: 'summary_large_image',
      site: input.twitterSite || brand.twitterHandle,
      title: input.ogTitle || input.title,
      description: input.ogDescription || description,
    },
  }
}
