import { Icon } from '@/components/ui/Icon'
import { SmartLink } from '@/components/ui/SmartLink'
import type { BlockProps } from '../types'

export function Hero({ block, locale }: BlockProps<'hero'>) {
  return (
    <section className="relative overflow-hidden bg-brand-950 text-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_80%_-10%,rgba(91,91,240,0.55),transparent),radial-gradient(40rem_24rem_at_0%_110%,rgba(20,184,166,0.35),transparent)]"
      />
      <div className="container-site relative py-16 md:py-24">
        <div className="max-w-3xl">
          {block.eyebrow && <p className="mb-4 text-sm font-semibold tracking-wide text-accent-300 uppercase">{block.eyebrow}</p>}
          <h1 className="text-display font-extrabold tracking-tight text-balance">{block.heading}</h1>
          {block.text && <p className="mt-6 max-w-2xl text-lg text-white/80">{block.text}</p>}
          <div className="mt-8 flex flex-wrap gap-3">
            {block.primaryLabel && block.primaryHref && (
              <SmartLink href={block.primaryHref} locale={locale} className="btn-accent px-6 py-3 text-base">
                {block.primaryLabel}
              </SmartLink>
            )}
            {block.secondaryLabel && block.secondaryHref && (
              <SmartLink href={block.secondaryHref} locale={locale} className="btn-ghost px-6 py-3 text-base">
                {block.secondaryLabel}
              </SmartLink>
            )}
          </div>
          {block.badges && block.badges.length > 0 && (
            <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-white/80">
              {block.badges.map((badge) => (
                <li key={badge.id ?? badge.text} className="inline-flex items-center gap-2">
                  <Icon name="check" className="size-4 text-accent-400" />
                  {badge.text}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  )
}
