'use client'

import { useEffect, useRef, useSyncExternalStore } from 'react'
import { CONSENT_KEY, consentValue, readConsent, type ConsentChoice } from '@/lib/consent'
import { realNow } from '@/lib/clock'

type Props = { text: string; necessary: string; acceptAll: string; learnMore: string; privacyHref: string; label: string }

const listeners = new Set<() => void>()
const notify = () => listeners.forEach((listener) => listener())
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
/** This page's state: a choice made here (kept even when storage is refused), and "Cookie settings" pressed. */
let chosenHere: ConsentChoice | null = null
let reopened = false
const shown = () => {
  if (reopened) return true
  if (chosenHere) return false
  try {
    return readConsent(window.localStorage.getItem(CONSENT_KEY), realNow().getTime()) === null
  } catch {
    return true
  }
}

/**
 * The cookie choice: "Necessary only" or "Accept all", kept 12 months (`src/lib/consent.ts`), and
 * shown again by any `[data-cookie-settings]` button (the footer's "Cookie settings"). A
 * non-modal region at the bottom that never blocks the page: while it shows, the page keeps room
 * below its content as tall as the notice (`<body>`'s padding), so nothing (such as checkout's
 * Pay button and its hint) has to stay under it. It is in the server's HTML, so a new visitor sees
 * it with the first paint; `/scripts/cookie-notice.js` hides it before that paint for a visitor who
 * chose, answers its buttons before hydration, and loads the tags "Accept all" allows.
 */
export function CookieNotice({ text, necessary, acceptAll, learnMore, privacyHref, label }: Props) {
  const visible = useSyncExternalStore(subscribe, shown, () => true)
  const region = useRef<HTMLElement>(null)

  // "Cookie settings" anywhere on the page opens the choice again and takes the focus to it.
  useEffect(() => {
    const open = (event: MouseEvent) => {
      if (!(event.target instanceof Element) || !event.target.closest('[data-cookie-settings]')) return
      reopened = true
      document.documentElement.removeAttribute('data-cookie-notice')
      notify()
      window.requestAnimationFrame(() => region.current?.querySelector<HTMLButtonElement>('button[data-consent]')?.focus())
    }
    document.addEventListener('click', open)
    return () => document.removeEventListener('click', open)
  }, [])

  // The room the page keeps for the notice: its height while it shows, none after. It is <body>'s
  // own padding, which restyles <body> alone; a custom property (on <html> or <body>) restyled
  // every element of the page, 5-20 ms on this machine and a long task under a slow phone's CPU,
  // right after hydration.
  useEffect(() => {
    const body = document.body
    const element = region.current
    if (!visible || !element) {
      body.style.removeProperty('padding-bottom')
      return
    }
    // The observer reports the height once layout is done (its first report comes with the next
    // frame), so hydration forces no layout of its own.
    const observer = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize?.[0]?.blockSize ?? element.getBoundingClientRect().height
      body.style.paddingBottom = `${Math.ceil(height) + 24}px`
    })
    observer.observe(element)
    return () => {
      observer.disconnect()
      body.style.removeProperty('padding-bottom')
    }
  }, [visible])

  if (!visible) return null
  const choose = (choice: ConsentChoice) => {
    // The page script (loaded first) stores the choice and loads what it allows; this is the same
    // write, for a page where that script has not arrived.
    try {
      window.localStorage.setItem(CONSENT_KEY, consentValue(choice, realNow().getTime()))
    } catch {
      // Storage refused: the choice holds for this page.
    }
    document.documentElement.setAttribute('data-cookie-notice', 'accepted')
    chosenHere = choice
    reopened = false
    notify()
  }
  return (
    <section
      ref={region}
      data-cookie-notice=""
      aria-label={label}
      className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-2xl flex-col gap-3 rounded-2xl border border-line bg-white p-4 text-sm text-ink shadow-2xl"
    >
      <p>
        {text}{' '}
        <a href={privacyHref} className="font-medium text-brand-700 underline underline-offset-2">
          {learnMore}
        </a>
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" data-consent="necessary" className="btn border border-brand-600 text-brand-700 hover:bg-brand-50" onClick={() => choose('necessary')}>
          {necessary}
        </button>
        <button type="button" data-consent="all" className="btn-primary" onClick={() => choose('all')}>
          {acceptAll}
        </button>
      </div>
    </section>
  )
}
