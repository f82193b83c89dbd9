import type { MetadataRoute } from 'next'
import { getLocale } from '@/i18n/locales'
import { localizePath } from '@/i18n/paths'
import { absoluteUrl } from '@/lib/seo'
import { payloadClient } from '@/services/content/payload'
import { sitemapDocuments } from '@/services/content/sitemap'

// Built from the database on request, never at build time.
export const dynamic = 'force-dynamic'

/** Every indexable URL in every locale it is written in, with its hreflang alternates. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const documents = await sitemapDocuments(await payloadClient())
  return documents.flatMap((doc) => {
    const languages = Object.fromEntries(doc.locales.map((code) => [getLocale(code).tag, absoluteUrl(localizePath(code, doc.path))]))
    return doc.locales.map((code) => ({
      url: absoluteUrl(localizePath(code, doc.path)),
      lastModified: doc.updatedAt,
      alternates: { languages },
    }))
  })
}
