import { MediaImage } from '@/components/ui/MediaImage'
import { SmartLink } from '@/components/ui/SmartLink'
import type { BlockProps } from '../types'

export function ImageWithText({ block, locale }: BlockProps<'imageWithText'>) {
  return (
    <section className="py-16">
      <div className="container-site grid items-center gap-10 md:grid-cols-2">
        <div className={block.imagePosition === 'end' ? 'md:order-last' : ''}>
          <MediaImage media={block.image} />
        </div>
        <div>
          <h2 className="text-3xl font-bold tracking-tight">{block.heading}</h2>
          {block.text && <p className="mt-4 text-lg leading-relaxed text-muted">{block.text}</p>}
          {block.linkLabel && block.linkHref && (
            <SmartLink href={block.linkHref} locale={locale} className="btn-primary mt-6">
              {block.linkLabel}
            </SmartLink>
          )}
        </div>
      </div>
    </section>
  )
}
