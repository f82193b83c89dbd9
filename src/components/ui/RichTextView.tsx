import { type JSXConvertersFunction, RichText } from '@payloadcms/richtext-lexical/react'
import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'
import { localizePath } from '@/i18n/paths'

type LinkFields = { url?: string; newTab?: boolean }

/** Rich text from the CMS, with internal links given the page's locale prefix. */
export function RichTextView({ data, locale, className = '' }: { data: unknown; locale: string; className?: string }) {
  if (!data || typeof data !== 'object') return null
  const converters: JSXConvertersFunction = ({ defaultConverters }) => ({
    ...defaultConverters,
    link: ({ node, nodesToJSX }) => {
      const fields = ((node as { fields?: LinkFields }).fields ?? {}) as LinkFields
      const external = fields.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {}
      return (
        <a href={localizePath(locale, fields.url ?? '')} {...external}>
          {nodesToJSX({ nodes: node.children })}
        </a>
      )
    },
  })
  return <RichText data={data as SerializedEditorState} converters={converters} className={`prose-site ${className}`} />
}
