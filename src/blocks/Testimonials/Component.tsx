import type { BlockProps } from '../types'

export function Testimonials({ block }: BlockProps<'testimonials'>) {
  return (
    <section className="bg-surface py-16">
      <div className="container-site">
        <h2 className="text-3xl font-bold tracking-tight">{block.heading}</h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {block.items?.map((item, index) => (
            <li key={item.id ?? index}>
              <figure className="h-full rounded-2xl border border-line bg-white p-6">
                <blockquote className="leading-relaxed">“{item.quote}”</blockquote>
                <figcaption className="mt-4 text-sm">
                  <span className="font-semibold">{item.author}</span>
                  {item.role && <span className="text-muted"> · {item.role}</span>}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
