'use client'

import { useSyncExternalStore } from 'react'

const KEY = 'cookie-notice'

type Props = { text: string; accept: string; learnMore: string; privacyHref: string; label: string }

const listeners = new Set<() => void>()
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
let dismissed = false
const read = () => {
  if (dismissed) return true
  try {
    return window.localStorage.getItem(KEY) === 'accepted'
  } catch {
    return false
  }
}

/**
 * A small, dismissible notice. It is in the server's HTML, so a new visitor sees it with the first
 * paint (rendered only after hydration it would be the page's largest, latest paint on short
 * pages); `/scripts/cookie-notice.js` hides it before that paint for a visitor who accepted it, and
 * hydration then removes it.
 */
export function CookieNotice({ text, accept, learnMore, privacyHref, label }: Props) {
  const accepted = useSyncExternalStore(subscribe, read, () => false)
  if (accepted) return null
  return (
    <section
      data-cookie-notice=""
      aria-label={label}
      className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-xl flex-col gap-3 rounded-2xl border border-line bg-white p-4 text-sm text-ink shadow-2xl sm:flex-row sm:items-center"
    >
      <p className="flex-1">
        {text}{' '}
        <a href={privacyHref} className="font-medium text-brand-700 underline underline-offset-2">
          {learnMore}
        </a>
      </p>
      <button
        type="button"
        className="btn-primary"
        onClick={() => {
          dismissed = true
          try {
            window.localStorage.setItem(KEY, 'accepted')
          } catch {
            // Storage can be disabled; the notice then simply closes for this page.
          }
          listeners.forEach((listener) => listener())
        }}
      >
        {accept}
      </button>
    </section>
  )
}
