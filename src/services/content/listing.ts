// Listings: the pages under a path, paginated, for help, glossary and blog indexes.
import type { Payload, Where } from 'payload'
import type { LocaleCode } from '@/i18n/locales'

export type ListingItem = { path: string; title: string; summary: string; date?: string | null; category?: string | null }
export type Listing = { items: ListingItem[]; page: number; totalPages: number; totalDocs: number }

type Source = 'posts' | 'help' | 'children'

const under = (parent: string): Where => ({ path: { like: `${parent.replace(/\/+$/, '')}/%` } })

/** One page of a blog, help or child-page listing (the `/coms/pages/children-by-url-pagination/` data). */
export async function listChildren(
  payload: Payload,
  { source, parentPath, locale, page, perPage }: { source: Source; parentPath: string; locale: LocaleCode; page: number; perPage: number },
): Promise<Listing> {
  const common = { locale, page: Math.max(1, page), limit: Math.min(Math.max(1, perPage), 100), depth: 1 }
  if (source === 'posts') {
    const result = await payload.find({
      collection: 'posts',
      ...common,
      where: { _status: { equals: 'published' } },
      sort: '-publishedAt',
    })
    return {
      items: result.docs.map((post) => ({
        path: `/blog/${post.slug}`,
        title: post.title,
        summary: post.excerpt ?? '',
        date: post.publishedAt,
        category: typeof post.category === 'object' && post.category ? post.category.title : null,
      })),
      page: result.page ?? 1,
      totalPages: result.totalPages,
      totalDocs: result.totalDocs,
    }
  }
  if (source === 'help') {
    const result = await payload.find({ collection: 'help-articles', ...common, where: under(parentPath), sort: 'path' })
    return {
      items: result.docs.map((doc) => ({ path: doc.path, title: doc.title, summary: doc.summary ?? '' })),
      page: result.page ?? 1,
      totalPages: result.totalPages,
      totalDocs: result.totalDocs,
    }
  }
  const result = await payload.find({
    collection: 'pages',
    ...common,
    where: { and: [under(parentPath), { _status: { equals: 'published' } }] },
    sort: 'path',
  })
  return {
    items: result.docs.map((doc) => ({ path: doc.path, title: doc.title, summary: doc.settings?.description ?? '' })),
    page: result.page ?? 1,
    totalPages: result.totalPages,
    totalDocs: result.totalDocs,
  }
}

/** `/blog/page/3` → `{ path: '/blog', pageNumber: 3 }`; other paths are page 1. */
export function splitPagination(path: string): { path: string; pageNumber: number } {
  const match = /^(.*)\/page\/(\d{1,4})$/.exec(path)
  if (!match || Number(match[2]) < 2) return { path, pageNumber: 1 }
  return { path: match[1] || '/', pageNumber: Number(match[2]) }
}

export function paginationPath(path: string, page: number): string {
  return page <= 1 ? path : `${path === '/' ? '' : path}/page/${page}`
}
