'use client'

import { usePathname } from 'next/navigation'
import { useEffect, useId, useRef, useState } from 'react'
import { Icon } from '@/components/ui/Icon'

export type LocaleOption = { code: string; label: string; tag: string; href: string }

type Props = { current: { code: string; label: string }; options: LocaleOption[]; labels: { button: string; list: string } }

/** The header's language menu. It is tied to the path it was opened on, so navigating closes it. */
export function LocaleToggle({ current, options, labels }: Props) {
  const pathname = usePathname()
  const [openOn, setOpenOn] = useState<string | null>(null)
  const open = openOn === pathname
  const rootRef = useRef<HTMLDivElement>(null)
  const listId = useId()

  useEffect(() => {
    if (!open) return
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpenOn(null)
    }
    document.addEventListener('pointerdown', onPointer)
    return () => document.removeEventListener('pointerdown', onPointer)
  }, [open])

  return (
    <div
      ref={rootRef}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpenOn(null)
          rootRef.current?.querySelector('button')?.focus()
        }
      }}
    >
      <button
        type="button"
        className="inline-flex h-10 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-white/90 hover:bg-white/10"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpenOn(open ? null : pathname)}
      >
        <Icon name="globe" className="size-5" />
        {/* The visible code starts the accessible name, as WCAG 2.5.3 asks. */}
        <span className="uppercase">{current.code}</span>
        <span className="sr-only">, {labels.button}</span>
        <Icon name="chevron" className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <ul
        id={listId}
        aria-label={labels.list}
        className={`${open ? 'grid' : 'hidden'} absolute end-0 top-full z-50 mt-2 w-56 grid-cols-1 gap-0.5 rounded-xl border border-line bg-white p-2 text-ink shadow-xl`}
      >
        {options.map((option) => (
          <li key={option.code}>
            <a
              href={option.href}
              hrefLang={option.tag}
              lang={option.tag}
              className="block rounded-lg px-3 py-1.5 text-sm hover:bg-brand-50 hover:text-brand-700"
            >
              {option.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}
