// The documents the sitemap lists, with their paths and dates.
import type { Payload } from 'payload'
import { hreflangExcluded } from '@/i18n/locales'

export type SitemapDocument = { path: string; locales: string[]; updatedAt: string }

const SQL = `
  select p.path as path, array_agg(l._locale::text order by l._locale) as locales, max(p.updated_at) as updated_at
    from pages p join pages_locales l on l._parent_id = p.id and coalesce(l.title, '') <> ''
   where p._status = 'published' and coalesce(p.settings_no_index, false) = false
   group by p.path
  union all
  select '/blog/' || p.slug, array_agg(l._locale::text order by l._locale), max(p.updated_at)
    from posts p join posts_locales l on l._parent_id = p.id and coalesce(l.title, '') <> ''
   where p._status = 'published' and coalesce(p.settings_no_index, false) = false
   group by p.slug
  union all
  select h.path, array_agg(l._locale::text order by l._locale), max(h.updated_at)
    from help_articles h join help_articles_locales l on l._parent_id = h.id and coalesce(l.title, '') <> ''
   where coalesce(h.settings_no_index, false) = false
   group by h.path
  order by 1`

/** Indexable documents and the locales each is written in (fallback pages are noindex, so left out). */
export async function sitemapDocuments(payload: Payload): Promise<SitemapDocument[]> {
  const pool = (payload.db as unknown as { pool: { query: (sql: string) => Promise<{ rows: { path: string; locales: string[]; updated_at: Date }[] }> } }).pool
  const { rows } = await pool.query(SQL)
  return rows.map((row) => ({
    path: row.path,
    locales: row.locales.filter((code) => !hreflangExcluded.includes(code)),
    updatedAt: new Date(row.updated_at).toISOString(),
  }))
}
