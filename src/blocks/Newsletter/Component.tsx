import { NewsletterSignup } from '@/components/newsletter/NewsletterSignup'
import type { BlockProps } from '../types'

/** The newsletter sign-up on a page: the block's heading and text over the form. */
export function Newsletter({ block, locale }: BlockProps<'newsletter'>) {
  return (
    <section className="py-16" data-block="newsletter">
      <div className="container-site max-w-2xl text-center">
        <h2 className="text-3xl font-bold tracking-tight">{block.heading}</h2>
        {block.text && <p className="mt-3 text-muted">{block.text}</p>}
        <div className="mt-6">
          <NewsletterSignup locale={locale} tone="block" />
        </div>
      </div>
    </section>
  )
}
