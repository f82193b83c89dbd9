import { Icon } from '@/components/ui/Icon'
import type { BlockProps } from '../types'

export function Features({ block }: BlockProps<'features'>) {
  return (
    <section className="bg-white py-16 md:py-24">
      <div className="container-site">
        <div className="max-w-2xl">
          <h2 className="text-3xl font-bold tracking-tight md:text-4xl">{block.heading}</h2>
          {block.intro && <p className="mt-4 text-lg text-muted">{block.intro}</p>}
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {block.items?.map((item) => (
            <li key={item.id ?? item.title} className="rounded-2xl border border-line bg-surface p-6">
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-600 text-white">
                <Icon name={item.icon} />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{item.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted">{item.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
