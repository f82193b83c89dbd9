import { getTranslations } from 'next-intl/server'
import { JsonLd } from '@/components/seo/JsonLd'
import { MediaImage } from '@/components/ui/MediaImage'
import { RichTextView } from '@/components/ui/RichTextView'
import { getLocale } from '@/i18n/locales'
import { localizePath } from '@/i18n/paths'
import { brand } from '@/lib/brand'
import { absoluteUrl } from '@/lib/seo'
import type { Post } from '@/payload-types'

export async function PostView({ post, locale }: { post: Post; locale: string }) {
  const t = await getTranslations('Content')
  const author = typeof post.author === 'object' && post.author ? post.author : null
  const category = typeof post.category === 'object' && post.category ? post.category : null
  const date = new Intl.DateTimeFormat(getLocale(locale).tag, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(post.publishedAt))
  return (
    <article className="container-site max-w-3xl py-10">
      <header>
        {category && <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{category.title}</p>}
        <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-balance md:text-5xl">{post.title}</h1>
        {post.excerpt && <p className="mt-4 text-lg text-muted">{post.excerpt}</p>}
        <p className="mt-4 text-sm text-muted">
          {author && <span>{t('byAuthor', { author: author.name })} · </span>}
          <time dateTime={post.publishedAt}>{t('published', { date })}</time>
        </p>
      </header>
      {post.coverImage && <MediaImage media={post.coverImage} eager className="mt-8" />}
      <RichTextView data={post.body} locale={locale} className="mt-8" />
      <JsonLd
        data={{
          '@type': 'Article',
          headline: post.title,
          description: post.excerpt ?? undefined,
          datePublished: post.publishedAt,
          dateModified: post.updatedAt,
          author: author ? { '@type': 'Person', name: author.name } : { '@type': 'Organization', name: brand.name },
          publisher: { '@type': 'Organization', name: brand.name, logo: { '@type': 'ImageObject', url: absoluteUrl('/icon.svg') } },
          mainEntityOfPage: absoluteUrl(localizePath(locale, `/blog/${post.slug}`)),
          inLanguage: getLocale(locale).tag,
        }}
      />
    </article>
  )
}
