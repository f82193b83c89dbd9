import { SmartLink } from '@/components/ui/SmartLink'
import type { BlockProps } from '../types'

export function CallToAction({ block, locale }: BlockProps<'callToAction'>) {
  return (
    <section className="py-16 md:py-20">
      <div className="container-site">
        <div className="rounded-3xl bg-gradient-to-br from-brand-700 to-brand-900 px-6 py-12 text-center text-white md:px-12">
          <h2 className="text-3xl font-bold tracking-tight md:text-4xl">{block.heading}</h2>
          {block.text && <p className="mx-auto mt-4 max-w-2xl text-lg text-white/85">{block.text}</p>}
          <SmartLink href={block.buttonHref} locale={locale} className="btn-accent mt-8 px-7 py-3 text-base">
            {block.buttonLabel}
          </SmartLink>
          {block.note && <p className="mt-4 text-sm text-white/75">{block.note}</p>}
        </div>
      </div>
    </section>
  )
}
