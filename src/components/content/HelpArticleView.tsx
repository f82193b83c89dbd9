import { RichTextView } from '@/components/ui/RichTextView'
import type { HelpArticle } from '@/payload-types'

export function HelpArticleView({ article, locale }: { article: HelpArticle; locale: string }) {
  return (
    <article className="container-site max-w-3xl py-10">
      <h1 className="text-4xl font-extrabold tracking-tight text-balance">{article.title}</h1>
      {article.summary && <p className="mt-4 text-lg text-muted">{article.summary}</p>}
      <RichTextView data={article.body} locale={locale} className="mt-8" />
    </article>
  )
}
