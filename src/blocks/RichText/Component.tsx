import { RichTextView } from '@/components/ui/RichTextView'
import type { BlockProps } from '../types'

export function RichTextSection({ block, locale }: BlockProps<'richText'>) {
  return (
    <section className="py-12 md:py-16">
      <RichTextView data={block.content} locale={locale} className="container-site max-w-3xl" />
    </section>
  )
}
