import type { BlockProps } from '../types'

/** Questions as native disclosure widgets: keyboard-accessible with no JavaScript. */
export function Faq({ block }: BlockProps<'faq'>) {
  return (
    <section className="bg-surface py-16 md:py-24">
      <div className="container-site max-w-3xl">
        <h2 className="text-3xl font-bold tracking-tight md:text-4xl">{block.heading}</h2>
        <div className="mt-8 divide-y divide-line rounded-2xl border border-line bg-white">
          {block.items?.map((item) => (
            <details key={item.id ?? item.question} className="group p-5">
              <summary className="cursor-pointer list-none text-lg font-semibold marker:hidden">
                <span className="flex items-center justify-between gap-4">
                  {item.question}
                  <span aria-hidden="true" className="text-brand-600 transition-transform group-open:rotate-45">
                    +
                  </span>
                </span>
              </summary>
              <p className="mt-3 leading-relaxed text-muted">{item.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  )
}
