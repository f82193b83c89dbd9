'use client'

import { useEffect, useId, useRef, useState } from 'react'
import { redact, safePath } from '@/lib/debug-log'
import { feedbackState, subscribeFeedback, type Feedback } from '@/lib/feedback.client'
import { navigationState, subscribeNavigation, type NavigationState } from '@/lib/navigation-state.client'
import { API_EVENT, type ApiReport } from '@/lib/session.client'
import { realNow } from '@/lib/clock'

export type LoggerTexts = { title: string; close: string; clear: string; empty: string; request: string; error: string; change: string }

type Kind = 'request' | 'error' | 'change'
type Entry = { id: number; kind: Kind; at: string; text: string }

/** The most entries the panel keeps (the oldest go first). */
const LIMIT = 50

const clock = () => {
  const now = realNow()
  return `${now.toTimeString().slice(0, 8)}.${String(now.getMilliseconds()).padStart(3, '0')}`
}

/** What changed between two states of the global feedback, as `name: value` lines (messages redacted). */
function feedbackChanges(before: Feedback, after: Feedback): string[] {
  const lines: string[] = []
  if (before.isLoading !== after.isLoading) lines.push(`isLoading: ${after.isLoading}`)
  if (before.error.open !== after.error.open) lines.push(`error.open: ${after.error.open}${after.error.open && after.error.message ? ` (${after.error.message})` : ''}`)
  if (before.success.open !== after.success.open) lines.push(`success.open: ${after.success.open}${after.success.open ? ` (${after.success.title})` : ''}`)
  return lines
}

function navigationChanges(before: NavigationState, after: NavigationState): string[] {
  const lines: string[] = []
  if (before.siteVersion !== after.siteVersion) lines.push(`siteVersion: ${after.siteVersion}`)
  if (before.routerHistory !== after.routerHistory) lines.push(`routerHistory: ${after.routerHistory.map((entry) => safePath(entry.path)).join(' → ')}`)
  return lines
}

/**
 * The debug logger (spec section 2), loaded only when `DEBUG_LOGGER=true` or the address has a
 * `logger` parameter: a closable panel of this visit's `apiFetch` requests (method, path without
 * its query, status, duration), errors and changes of the global state. Everything it shows goes
 * through `redact()`: no query strings, tokens, e-mail or IP addresses, or codes.
 */
export function DebugLogger({ texts, onClose }: { texts: LoggerTexts; onClose: () => void }) {
  const [entries, setEntries] = useState<Entry[]>([])
  const next = useRef(0)
  const titleId = useId()
  const panel = useRef<HTMLElement>(null)

  useEffect(() => {
    const add = (kind: Kind, text: string) => setEntries((list) => [...list, { id: ++next.current, kind, at: clock(), text: redact(text) }].slice(-LIMIT))
    const onApi = (event: Event) => {
      const { method, path, status, ms } = (event as CustomEvent<ApiReport>).detail
      add('request', `${method} ${safePath(path, location.origin)} → ${status || '—'} · ${ms} ms`)
    }
    const onError = (event: ErrorEvent) => add('error', `${event.message}${event.filename ? ` (${safePath(event.filename, location.origin)}:${event.lineno})` : ''}`)
    const onRejection = (event: PromiseRejectionEvent) => {
      const reason = event.reason as { message?: unknown } | null
      add('error', typeof reason?.message === 'string' ? reason.message : String(event.reason))
    }
    let feedback = feedbackState()
    let navigation = navigationState()
    const offFeedback = subscribeFeedback(() => {
      const now = feedbackState()
      for (const line of feedbackChanges(feedback, now)) add('change', line)
      feedback = now
    })
    const offNavigation = subscribeNavigation(() => {
      const now = navigationState()
      for (const line of navigationChanges(navigation, now)) add('change', line)
      navigation = now
    })
    add('change', `siteVersion: ${navigation.siteVersion}`)
    if (navigation.routerHistory.length) add('change', `routerHistory: ${navigation.routerHistory.map((entry) => safePath(entry.path)).join(' → ')}`)
    window.addEventListener(API_EVENT, onApi)
    window.addEventListener('error', onError)
    window.addEventListener('unhandledrejection', onRejection)
    return () => {
      offFeedback()
      offNavigation()
      window.removeEventListener(API_EVENT, onApi)
      window.removeEventListener('error', onError)
      window.removeEventListener('unhandledrejection', onRejection)
    }
  }, [])

  const close = () => {
    const hadFocus = panel.current?.contains(document.activeElement)
    onClose()
    // The focus was in the panel: it goes to the page's main region, not to nowhere.
    const main = document.getElementById('main')
    if (!hadFocus || !main) return
    if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1')
    main.focus()
  }
  const labels: Record<Kind, string> = { request: texts.request, error: texts.error, change: texts.change }
  return (
    <section
      ref={panel}
      aria-labelledby={titleId}
      data-debug-logger=""
      onKeyDown={(event) => {
        if (event.key === 'Escape') close()
      }}
      className="fixed end-3 top-20 z-[55] flex max-h-[60vh] w-[min(30rem,calc(100vw-1.5rem))] flex-col rounded-xl border border-line bg-white text-xs text-ink shadow-2xl"
    >
      <div className="flex items-center gap-2 border-b border-line p-2">
        <h2 id={titleId} className="flex-1 text-sm font-semibold">
          {texts.title}
        </h2>
        <button type="button" className="rounded-md px-2 py-1 font-medium text-brand-700 hover:bg-brand-50" onClick={() => setEntries([])}>
          {texts.clear}
        </button>
        <button type="button" className="rounded-md px-2 py-1 font-medium text-brand-700 hover:bg-brand-50" onClick={close}>
          {texts.close}
        </button>
      </div>
      <div role="log" aria-live="off" aria-labelledby={titleId} tabIndex={0} className="overflow-auto p-2">
        {entries.length === 0 ? (
          <p className="text-muted">{texts.empty}</p>
        ) : (
          <ol className="space-y-1">
            {entries.map((entry) => (
              <li key={entry.id} data-kind={entry.kind} className="break-words">
                <span className={`font-semibold ${entry.kind === 'error' ? 'text-red-700' : 'text-brand-700'}`}>{labels[entry.kind]}</span> <time className="text-muted">{entry.at}</time>{' '}
                <span dir="ltr">{entry.text}</span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  )
}
