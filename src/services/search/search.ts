// Site search: PostgreSQL full text per language, with snippets.
import type { Payload } from 'payload'
import { cleanText } from '@/lib/security/input'
import { defaultLocale, type LocaleCode } from '@/i18n/locales'

/** PostgreSQL's text-search configuration per locale; `simple` where PostgreSQL has none. */
const configs: Partial<Record<LocaleCode, string>> = {
  en: 'english',
  ru: 'russian',
  es: 'spanish',
  fr: 'french',
  de: 'german',
  pt: 'portuguese',
  ar: 'arabic',
  sv: 'swedish',
  fi: 'finnish',
  no: 'norwegian',
  da: 'danish',
  nl: 'dutch',
  el: 'greek',
  lt: 'lithuanian',
  ro: 'romanian',
  sr: 'serbian',
}

export function searchConfig(locale: LocaleCode): string {
  return configs[locale] ?? 'simple'
}

export type SnippetPart = { text: string; match: boolean }
export type SearchHit = { kind: 'page' | 'post' | 'help'; path: string; title: string; snippet: SnippetPart[]; snippetHtml: string }
export type SearchResult = { query: string; hits: SearchHit[]; page: number; perPage: number; total: number; totalPages: number }

/**
 * Every published page, post and help article, with its text in the locale
 * or, where it has no translation, in English (what the visitor is shown).
 */
const DOCUMENTS = `
  select 'page' as kind, p.path as path,
         coalesce(nullif(l.title, ''), e.title) as title, coalesce(nullif(l.search_text, ''), e.search_text, '') as body
    from pages p
    join pages_locales e on e._parent_id = p.id and e._locale = 'en'
    left join pages_locales l on l._parent_id = p.id and l._locale = $1::_locales
   where p._status = 'published' and coalesce(p.path, '') <> '' and p.path not like '/exclusive-%'
  union all
  select 'post', '/blog/' || p.slug,
         coalesce(nullif(l.title, ''), e.title), coalesce(nullif(l.search_text, ''), e.search_text, '')
    from posts p
    join posts_locales e on e._parent_id = p.id and e._locale = 'en'
    left join posts_locales l on l._parent_id = p.id and l._locale = $1::_locales
   where p._status = 'published'
  union all
  select 'help', h.path,
         coalesce(nullif(l.title, ''), e.title), coalesce(nullif(l.search_text, ''), e.search_text, '')
    from help_articles h
    join help_articles_locales e on e._parent_id = h.id and e._locale = 'en'
    left join help_articles_locales l on l._parent_id = h.id and l._locale = $1::_locales`

/**
 * Full-text search in the visitor's language (stemmed where PostgreSQL knows
 * the language), plus a case-insensitive substring match so that scripts
 * without word breaks (Chinese, Japanese) and partial words are found too.
 * Snippets mark the matches with <mark>.
 */
export async function search(
  payload: Payload,
  { query, locale = defaultLocale, page = 1, perPage = 10 }: { query: string; locale?: LocaleCode; page?: number; perPage?: number },
): Promise<SearchResult> {
  const q = cleanText(query).trim().slice(0, 200)
  const size = Math.min(Math.max(perPage, 1), 50)
  const current = Math.max(page, 1)
  if (!q) return { query: q, hits: [], page: current, perPage: size, total: 0, totalPages: 0 }
  const pool = (payload.db as unknown as { pool: { query: (sql: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> } }).pool
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const sql = `
    with docs as (${DOCUMENTS}),
    matched as (
      select kind, path, title, body,
             ts_rank(to_tsvector($2::regconfig, title || ' ' || body), plainto_tsquery($2::regconfig, $3))
               + case when title ilike $4 then 1 else 0 end as rank
        from docs
       where to_tsvector($2::regconfig, title || ' ' || body) @@ plainto_tsquery($2::regconfig, $3)
          or to_tsvector('simple', title || ' ' || body) @@ plainto_tsquery('simple', $3)
          or title ilike $4 or body ilike $4
    )
    select kind, path, title,
           ts_headline($2::regconfig, body,
             case when plainto_tsquery($2::regconfig, $3)::text <> '' then plainto_tsquery($2::regconfig, $3) else plainto_tsquery('simple', $3) end,
             'StartSel=[[[,StopSel=]]],MaxWords=28,MinWords=12,MaxFragments=2,FragmentDelimiter= … ') as snippet,
           count(*) over () as total
      from matched
     order by rank desc, title
     limit $5 offset $6`
  const { rows } = await pool.query(sql, [locale, searchConfig(locale), q, like, size, (current - 1) * size])
  const total = Number(rows[0]?.total ?? 0)
  return {
    query: q,
    hits: rows.map((row) => {
      const snippet = snippetParts(String(row.snippet ?? ''), q)
      return {
        kind: row.kind as SearchHit['kind'],
        path: String(row.path),
        title: String(row.title ?? ''),
        snippet,
        snippetHtml: snippet.map((part) => (part.match ? `<mark>${escapeHtml(part.text)}</mark>` : escapeHtml(part.text))).join(''),
      }
    }),
    page: current,
    perPage: size,
    total,
    totalPages: Math.ceil(total / size),
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * Splits a headline marked with [[[ ]]] into plain and matching parts; where
 * full-text matching marked nothing (CJK, partial words), the substring is marked.
 */
export function snippetParts(headline: string, query: string): SnippetPart[] {
  const parts: SnippetPart[] = []
  for (const [index, piece] of headline.split(/\[\[\[|\]\]\]/).entries()) {
    if (piece) parts.push({ text: piece, match: index % 2 === 1 })
  }
  if (parts.some((part) => part.match)) return parts
  const text = parts.map((part) => part.text).join('')
  const at = text.toLowerCase().indexOf(query.toLowerCase())
  if (at < 0 || !query) return text ? [{ text, match: false }] : []
  return [
    { text: text.slice(0, at), match: false },
    { text: text.slice(at, at + query.length), match: true },
    { text: text.slice(at + query.length), match: false },
  ].filter((part) => part.text)
}
