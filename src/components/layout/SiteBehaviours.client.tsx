'use client'

import { usePathname, useRouter } from 'next/navigation'
import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { CHUNK_RELOAD_KEY, isChunkFailure, isChunkScript, mayReload } from '@/lib/chunk-guard'
import { useFeedback } from '@/lib/feedback.client'
import { addToHistory, anchorId, anchorScrollTop, DESKTOP_QUERY, easeInOut, mayPrefetch, routerPath, scrollDuration, siteVersionOf, type ConnectionHint } from '@/lib/navigation'
import { navigationState, setNavigationState } from '@/lib/navigation-state.client'
import type { LoggerTexts } from './DebugLogger.client'
import type { FeedbackTexts } from './FeedbackModals.client'
import { realNow } from '@/lib/clock'

export type BehaviourTexts = FeedbackTexts & { offline: string; progress: string; loading: string; logger: LoggerTexts }

/** The success and error modals load when one first opens. */
const FeedbackModals = lazy(() => import('./FeedbackModals.client').then((module) => ({ default: module.FeedbackModals })))
/** The debug logger loads only when asked for: `DEBUG_LOGGER=true` (in `/api/site/tags`) or a `logger` parameter. */
const DebugLogger = lazy(() => import('./DebugLogger.client').then((module) => ({ default: module.DebugLogger })))
type SiteTags = { logger?: boolean; sentry?: string | null }
const siteTags = (): SiteTags => (window as { veilgateTags?: SiteTags }).veilgateTags ?? {}
const loggerWanted = () => new URLSearchParams(location.search).has('logger') || Boolean(siteTags().logger)
/** Browser error reports (SENTRY_DSN, named by `/api/site/tags`): their code loads once the page is idle, and only then. */
function startReportsWhenIdle() {
  const dsn = siteTags().sentry
  if (!dsn) return
  const start = () => void import('@/lib/telemetry/browser-reports.client').then((module) => module.startBrowserReports(dsn))
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 5000 })
  else setTimeout(start, 1000)
}

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

/** The link an event is on, unless it opens elsewhere (a new tab, a download). */
function linkOf(event: Event): HTMLAnchorElement | null {
  const link = (event.target as Element | null)?.closest?.('a[href]')
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return null
  return link
}

/** Scrolls to the target of a `#to_{id}` anchor, 110 px below the sticky panel, and moves the focus to it; false when there is none. */
function scrollToAnchor(hash: string): boolean {
  const id = anchorId(hash)
  const target = id === null ? null : document.getElementById(id)
  if (!target) return false
  const sticky = Math.max(0, ...Array.from(document.querySelectorAll('[data-sticky-panel]'), (panel) => panel.getBoundingClientRect().height))
  const from = window.scrollY
  const to = anchorScrollTop(target.getBoundingClientRect().top + from, sticky, document.documentElement.scrollHeight - window.innerHeight)
  const duration = scrollDuration(to - from, window.matchMedia('(prefers-reduced-motion: reduce)').matches)
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
  target.focus({ preventScroll: true })
  const started = performance.now()
  const step = (now: number) => {
    const progress = duration === 0 ? 1 : Math.min(1, (now - started) / duration)
    window.scrollTo({ top: from + (to - from) * easeInOut(progress), behavior: 'instant' })
    if (progress < 1) window.requestAnimationFrame(step)
  }
  if (duration === 0) step(started)
  else window.requestAnimationFrame(step)
  return true
}

/** Adds the page shown now to the router history (again when its title arrives after the navigation). */
function recordPage() {
  const current = navigationState().routerHistory
  const next = addToHistory(current, { name: document.title, path: location.pathname, fullPath: `${location.pathname}${location.search}${location.hash}` })
  if (JSON.stringify(next) !== JSON.stringify(current)) setNavigationState({ routerHistory: next })
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
 *   one first opens, and the loader (`aria-busy` on `<main>` and a status);
 * - links (plain server-rendered `<a>`): a click on an internal one is a client navigation, and one
 *   delegated `pointerover`/`focusin` listener prefetches its page, unless offline, on 2g or with
 *   data saver on (`src/lib/navigation.ts`);
 * - `#to_{id}` anchors, on click and on load: a scroll (at most 450 ms, instant under reduced
 *   motion) that leaves the sticky panel's height plus 110 px above the target, then its focus;
 * - the router history (last 3 pages) and the site version (`<html data-site-version>`, live) in
 *   the navigation state (`src/lib/navigation-state.client.ts`);
 * - the debug logger, loaded only when asked for (`DebugLogger.client.tsx`), and browser error
 *   reports, loaded when idle only where `SENTRY_DSN` is set (`src/lib/telemetry/`).
 */
export function SiteBehaviours({ texts, support }: { texts: BehaviourTexts; support: { href: string; chat: boolean } }) {
  const pathname = usePathname()
  const router = useRouter()
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
  const [logger, setLogger] = useState(false)

  useEffect(() => {
    const ask = () => {
      if (loggerWanted()) setLogger(true)
      startReportsWhenIdle()
    }
    ask()
    document.addEventListener('veilgate:tags', ask)
    return () => document.removeEventListener('veilgate:tags', ask)
  }, [])

  useEffect(() => {
    document.documentElement.setAttribute('data-hydrated', '')

    const failed = () => {
      hardNext.current = true
      let last: number | null = null
      try {
        last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY)) || null
        if (!mayReload(realNow().getTime(), last)) return
        sessionStorage.setItem(CHUNK_RELOAD_KEY, String(realNow().getTime()))
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
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      const link = linkOf(event)
      const path = link && routerPath(link.href, location.href)
      if (!path) return
      const url = new URL(path, location.href)
      if (url.pathname === location.pathname && url.search === location.search && url.hash) {
        // An anchor on this page: ours scroll here, others are the browser's.
        if (scrollToAnchor(url.hash)) {
          event.preventDefault()
          window.history.replaceState(window.history.state, '', url.hash)
        }
        return
      }
      event.preventDefault()
      if (hardNext.current) {
        // After a failed chunk the router's code may be stale: the next page comes whole from the server.
        location.assign(url.href)
        return
      }
      // A link to this very page is no navigation to show.
      if (url.pathname !== location.pathname) start()
      router.push(path)
    }
    const prefetched = new Set<string>()
    const onIntent = (event: Event) => {
      const link = linkOf(event)
      const path = link && routerPath(link.href, location.href)?.split('#')[0]
      if (!path || prefetched.has(path) || path === `${location.pathname}${location.search}`) return
      if (!mayPrefetch((navigator as Navigator & { connection?: ConnectionHint }).connection, navigator.onLine)) return
      prefetched.add(path)
      router.prefetch(path)
    }
    const onHash = () => scrollToAnchor(location.hash)
    const version = window.matchMedia(DESKTOP_QUERY)
    const onVersion = () => {
      const siteVersion = siteVersionOf(window.innerWidth)
      document.documentElement.setAttribute('data-site-version', siteVersion)
      setNavigationState({ siteVersion })
    }
    onVersion()
    const clear = () => {
      const current = navigation.current
      if (!current) return
      window.clearTimeout(current.show)
      window.clearInterval(current.tick)
      window.clearTimeout(current.hide)
    }
    const start = () => {
      clear()
      const current: NonNullable<typeof navigation.current> = { started: performance.now() }
      navigation.current = current
      current.show = window.setTimeout(() => {
        setProgress(0)
        current.tick = window.setInterval(() => {
          const elapsed = performance.now() - current.started
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
    // After the page's own handlers (React's, on the document too), so one that took the click wins.
    document.addEventListener('click', onClick)
    document.addEventListener('pointerover', onIntent)
    document.addEventListener('focusin', onIntent)
    window.addEventListener('hashchange', onHash)
    version.addEventListener('change', onVersion)
    window.addEventListener('popstate', onPop)
    return () => {
      clear()
      window.removeEventListener('error', onError, true)
      window.removeEventListener('unhandledrejection', onRejection)
      document.removeEventListener('click', onClick)
      document.removeEventListener('pointerover', onIntent)
      document.removeEventListener('focusin', onIntent)
      window.removeEventListener('hashchange', onHash)
      version.removeEventListener('change', onVersion)
      window.removeEventListener('popstate', onPop)
    }
  }, [router])

  // Each page shown joins the router history; its title may arrive after the navigation.
  useEffect(() => {
    recordPage()
    const observer = new MutationObserver(recordPage)
    observer.observe(document.head, { childList: true, subtree: true, characterData: true })
    return () => observer.disconnect()
  }, [pathname])

  // The new page is in: complete the bar (if it showed) and hide it a moment later.
  useEffect(() => {
    // A page reached by a `#to_` link scrolls to its anchor once it is in.
    if (anchorId(location.hash) !== null) window.requestAnimationFrame(() => scrollToAnchor(location.hash))
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
      {logger && (
        <Suspense fallback={null}>
          <DebugLogger texts={texts.logger} onClose={() => setLogger(false)} />
        </Suspense>
      )}
      <div aria-live="polite">{!online && <p className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-md rounded-xl bg-brand-950 p-3 text-center text-sm text-white">{texts.offline}</p>}</div>
    </>
  )
}
