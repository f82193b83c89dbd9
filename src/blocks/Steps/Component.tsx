import type { BlockProps } from '../types'

export function Steps({ block }: BlockProps<'steps'>) {
  return (
    <section className="py-16">
      <div className="container-site">
        <h2 className="text-3xl font-bold tracking-tight">{block.heading}</h2>
        <ol className="mt-8 grid gap-6 md:grid-cols-3">
          {block.items?.map((item, index) => (
            <li key={item.id ?? index} className="rounded-2xl border border-line p-6">
              <span aria-hidden="true" className="inline-flex size-9 items-center justify-center rounded-full bg-brand-600 font-bold text-white">
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold">{item.title}</h3>
              {item.text && <p className="mt-2 text-sm leading-relaxed text-muted">{item.text}</p>}
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}
