import type { LayoutBlock } from '@/blocks/types'
import { localizePath } from '@/i18n/paths'
import { brand } from '@/lib/brand'
import { absoluteUrl } from '@/lib/seo'

/** One JSON-LD script; `<` is escaped so content can never close the tag. */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const json = JSON.stringify({ '@context': 'https://schema.org', ...data }).replace(/</g, '\\u003c')
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />
}

export function OrganizationJsonLd({ locale }: { locale: string }) {
  return (
    <>
      <JsonLd
        data={{
          '@type': 'Organization',
          name: brand.name,
          url: absoluteUrl('/'),
          logo: absoluteUrl('/icon.svg'),
          sameAs: Object.values(brand.social),
        }}
      />
      <JsonLd
        data={{
          '@type': 'WebSite',
          name: brand.name,
          url: absoluteUrl(localizePath(locale, '/')),
          potentialAction: {
            '@type': 'SearchAction',
            target: { '@type': 'EntryPoint', urlTemplate: `${absoluteUrl(localizePath(locale, '/search'))}?q={search_term_string}` },
            'query-input': 'required name=search_term_string',
          },
        }}
      />
    </>
  )
}

export function BreadcrumbJsonLd({ items }: { items: { name: string; href: string }[] }) {
  if (items.length < 2) return null
  return (
    <JsonLd
      data={{
        '@type': 'BreadcrumbList',
        itemListElement: items.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, item: absoluteUrl(item.href) })),
      }}
    />
  )
}

export function FaqJsonLd({ blocks }: { blocks: LayoutBlock[] }) {
  const questions = blocks.flatMap((block) => (block.blockType === 'faq' ? (block.items ?? []) : []))
  if (!questions.length) return null
  return (
    <JsonLd
      data={{
        '@type': 'FAQPage',
        mainEntity: questions.map((q) => ({ '@type': 'Question', name: q.question, acceptedAnswer: { '@type': 'Answer', text: q.answer } })),
      }}
    />
  )
}
