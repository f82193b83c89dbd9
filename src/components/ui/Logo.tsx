import { brand } from '@/lib/brand'

/** The Veilgate mark and word. The word is the brand name, not UI text. */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-bold tracking-tight ${className}`}>
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id="vg-mark" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#5b5bf0" />
            <stop offset="1" stopColor="#14b8a6" />
          </linearGradient>
        </defs>
        <path d="M16 2l12 4.5v9c0 7-5.1 12.6-12 14.5C9.1 28.1 4 22.5 4 15.5v-9z" fill="url(#vg-mark)" />
        <path d="M10 11l6 11 6-11" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="text-xl" translate="no">
        {brand.name}
      </span>
    </span>
  )
}
