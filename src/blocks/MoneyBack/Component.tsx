import { Icon } from '@/components/ui/Icon'
import type { BlockProps } from '../types'

export function MoneyBack({ block }: BlockProps<'moneyBack'>) {
  return (
    <section className="py-12">
      <div className="container-site">
        <div className="flex flex-col items-start gap-4 rounded-3xl border border-accent-400/50 bg-accent-300/10 p-8 sm:flex-row sm:items-center">
          <span className="inline-flex size-14 shrink-0 items-center justify-center rounded-full bg-accent-400 text-brand-950">
            <Icon name="refund" className="size-8" />
          </span>
          <div>
            <h2 className="text-2xl font-bold">{block.heading}</h2>
            <p className="mt-2 text-muted">{block.text}</p>
          </div>
        </div>
      </div>
    </section>
  )
}
