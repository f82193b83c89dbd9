import type { BlockProps } from '../types'

/** The heading and text around the newsletter sign-up; the form mounts in the marked slot. */
export function Newsletter({ block }: BlockProps<'newsletter'>) {
  return (
    <section className="py-16">
      <div className="container-site max-w-2xl text-center">
        <h2 className="text-3xl font-bold tracking-tight">{block.heading}</h2>
        {block.text && <p className="mt-3 text-muted">{block.text}</p>}
        <div data-slot="newsletter" className="mt-6" />
      </div>
    </section>
  )
}
