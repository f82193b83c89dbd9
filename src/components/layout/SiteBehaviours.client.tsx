'use client'

import { usePathname } from 'next/navigation'
import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { CHUNK_RELOAD_KEY, isChunkFailure, isChunkScript, mayReload } from '@/lib/chunk-guard'
import { useFeedback } from '@/lib/feedback.client'
import type { FeedbackTexts } from './FeedbackModals.client'

export type BehaviourTexts = FeedbackTexts & { offline: string; progress: string; loading: string }

/** The success and error modals load when one first opens. */
const FeedbackModals = lazy(() => import('./FeedbackModals.client').then((module) => ({ default: module.FeedbackModals })))

/** Spec section 9: progress bar 200 ms throttle, 5000 ms duration, 500 ms hide delay. */
const PROGRESS_THROTTLE_MS = 200
const PROGRESS_DURATION_MS = 5000
const PROGRESS_HIDE_MS = 500

const onLine = () => navigator.onLine
const watchOnLine = (changed: () => void) => {
  window.addEventListener('online', changed)
  window.addEventListener('offline', changed)
  return () => {
    window.removeEventListener('online', changed)
    window.removeEventListener('offline', changed)
  }
}

/** The same-site page a click goes to, or null for anything the router does not take (new tab, download, another site, a modified click). */
function internalTarget(event: MouseEvent): URL | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null
  const link = (event.target as Element | null)?.closest?.('a[href]')
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return null
  const url = new URL(link.href, location.href)
  if (url.origin !== location.origin || url.pathname.startsWith('/api/')) return null
  return url
}

/**
 * What every page does beyond its own islands (spec sections 3, 4 and 9), mounted once in the
 * locale layout so it survives client navigations:
 * - marks `<html data-hydrated>` once React runs;
 * - the page-load progress bar on client navigations: shown only when a navigation takes longer
 *   than 200 ms, filling over 5 s, completed when the new page is in, hidden 500 ms later;
 * - the chunk-reload guard: a code chunk that fails to load makes one full reload, at most once
 *   per 60 s (kept in sessionStorage), and the next route change is then a full page load;
 * - the offline notice, in a polite live region, while the browser is offline;
 * - the global feedback (`src/lib/feedback.client.ts`): the success and error modals, loaded when
 *   one first opens, and the loader (`aria-busy` on `<main>` and a status).
 */
export function SiteBehaviours({ texts, support }: { texts: BehaviourTexts; support: { href: string; chat: boolean } }) {
  const pathname = usePathname()
  const feedback = useFeedback()
  // Once a modal has opened, the modals stay mounted (so closing returns the focus).
  const [opened, setOpened] = useState(false)
  if ((feedback.error.open || feedback.success.open) && !opened) setOpened(true)
  const online = useSyncExternalStore(watchOnLine, onLine, () => true)
  const [progress, setProgressState] = useState<number | null>(null)
  const shown = useRef<number | null>(null)
  const setProgress = (value: number | null) => {
    shown.current = value
    setProgressState(value)
  }
  const navigation = useRef<{ started: number; show?: number; tick?: number; hide?: number } | null>(null)
  const hardNext = useRef(false)

  useEffect(() => {
    document.documentElement.setAttribute('data-hydrated', '')

    const failed = () => {
      hardNext.current = true
      let last: number | null = null
      try {
        last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY)) || null
        if (!mayReload(Date.now(), last)) return
        sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()))
      } catch {
        // Without storage the guard cannot count: no reload, so never a loop; the next route change is a full load.
        return
      }
      location.reload()
    }
    const onError = (event: Event) => {
      const element = event.target
      if (element instanceof HTMLScriptElement && isChunkScript(element.src)) failed()
    }
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isChunkFailure(event.reason)) failed()
    }
    const onClick = (event: MouseEvent) => {
      const url = internalTarget(event)
      if (!url) return
      if (hardNext.current) {
        // After a failed chunk the router's code may be stale: the next page comes whole from the server.
        event.preventDefault()
        event.stopImmediatePropagation()
        location.assign(url.href)
        return
      }
      // The router follows a change of path; a link to this page (or its anchors) is no navigation to show.
      if (url.pathname === location.pathname) return
      start()
    }
    const clear = () => {
      const current = navigation.current
      if (!current) return
      window.clearTimeout(current.show)
      window.clearInterval(current.tick)
      window.clearTimeout(current.hide)
    }
    const start = () => {
      clear()
      const current: NonNullable<typeof navigation.current> = { started: Date.now() }
      navigation.current = current
      current.show = window.setTimeout(() => {
        setProgress(0)
        current.tick = window.setInterval(() => {
          const elapsed = Date.now() - current.started
          // Fills towards 90 % over the nominal 5 s, then waits for the page; a navigation that never
          // lands (cancelled, failed) lets the bar go after three times that.
          if (elapsed > 3 * PROGRESS_DURATION_MS) {
            clear()
            navigation.current = null
            setProgress(null)
          } else setProgress(Math.min(90, Math.round((elapsed / PROGRESS_DURATION_MS) * 90)))
        }, PROGRESS_THROTTLE_MS)
      }, PROGRESS_THROTTLE_MS)
    }
    const onPop = () => start()
    window.addEventListener('error', onError, true)
    window.addEventListener('unhandledrejection', onRejection)
    // Capture: before the router's own link handling.
    document.addEventListener('click', onClick, true)
    window.addEventListener('popstate', onPop)
    return () => {
      clear()
      window.removeEventListener('error', onError, true)
      window.removeEventListener('unhandledrejection', onRejection)
      document.removeEventListener('click', onClick, true)
      window.removeEventListener('popstate', onPop)
    }
  }, [])

  // The new page is in: complete the bar (if it showed) and hide it a moment later.
  useEffect(() => {
    const current = navigation.current
    if (!current) return
    navigation.current = null
    window.clearTimeout(current.show)
    window.clearInterval(current.tick)
    if (shown.current === null) return
    setProgress(100)
    window.setTimeout(() => setProgress(null), PROGRESS_HIDE_MS)
  }, [pathname])

  // The loader: the page's main region is busy while a request the visitor waits for runs.
  useEffect(() => {
    const main = document.getElementById('main')
    if (feedback.isLoading) main?.setAttribute('aria-busy', 'true')
    else main?.removeAttribute('aria-busy')
  }, [feedback.isLoading])

  return (
    <>
      {opened && (
        <Suspense fallback={null}>
          <FeedbackModals feedback={feedback} texts={texts} support={support} />
        </Suspense>
      )}
      {feedback.isLoading && (
        <p role="status" className="fixed start-1/2 top-3 z-50 -translate-x-1/2 rounded-full bg-brand-950 px-4 py-2 text-sm text-white rtl:translate-x-1/2" data-loader>
          {texts.loading}
        </p>
      )}
      {progress !== null && (
        <div role="progressbar" aria-label={texts.progress} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress} className="fixed inset-x-0 top-0 z-[60] h-1" data-progress>
          <div className="h-full origin-left bg-accent-500 transition-transform duration-200 ease-out motion-reduce:transition-none rtl:origin-right" style={{ transform: `scaleX(${progress / 100})` }} />
        </div>
      )}
      <div aria-live="polite">{!online && <p className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-md rounded-xl bg-brand-950 p-3 text-center text-sm text-white">{texts.offline}</p>}</div>
    </>
  )
}
