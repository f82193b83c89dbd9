// The site's navigation rules (spec sections 2, 3, 4 and 9), pure and browser-safe; the
// site-behaviours island applies them.

import { splitLocalePath } from '@/i18n/paths'
import { isAppRoute } from '@/lib/app-routes'

/** What `navigator.connection` tells (Chromium's Network Information API; absent elsewhere). */
export type ConnectionHint = { effectiveType?: string; saveData?: boolean } | null | undefined

/** Links prefetch on hover or focus, never offline, with data saver on, or on a 2g connection. */
export function mayPrefetch(connection: ConnectionHint, onLine: boolean): boolean {
  if (!onLine) return false
  if (!connection) return true
  if (connection.saveData) return false
  return connection.effectiveType !== '2g' && connection.effectiveType !== 'slow-2g'
}

/** Paths the site's router does not serve: full page loads (the admin, the APIs, files). */
const OUTSIDE_ROUTER = /^\/(?:admin|api|cms-api|_next|scripts|fonts|media)(?:\/|$)|\.[a-z0-9]{1,5}$/i

/**
 * Where a link goes when the router can take it (same origin, a page of the site in the same
 * locale, not an app page): its path, query and hash; otherwise null. Another locale is a full page
 * load, for its `lang`, direction and fonts; so are the app pages (plan pickers, checkout, payment
 * results, sign-in, the account), each answered per request with its own policy nonce.
 */
export function routerPath(href: string, here: string): string | null {
  let url: URL
  try {
    url = new URL(href, here)
  } catch {
    return null
  }
  const current = new URL(here)
  if (url.origin !== current.origin || OUTSIDE_ROUTER.test(url.pathname)) return null
  const target = splitLocalePath(url.pathname)
  if (target.locale !== splitLocalePath(current.pathname).locale || isAppRoute(target.path)) return null
  return `${url.pathname}${url.search}${url.hash}`
}

/** In-page anchors: `#to_{id}` scrolls to the element with id `{id}`. */
export const ANCHOR_PREFIX = '#to_'

/** The id an anchor hash names, or null when the hash is no `#to_` anchor. */
export function anchorId(hash: string): string | null {
  if (!hash.startsWith(ANCHOR_PREFIX)) return null
  let id: string
  try {
    id = decodeURIComponent(hash.slice(ANCHOR_PREFIX.length))
  } catch {
    return null
  }
  return id.length > 0 && id.length <= 100 ? id : null
}

/** Room left above an anchor's target: the sticky panel's height plus 110 px. */
export const SCROLL_OFFSET = 110
/** The longest a smooth scroll to an anchor takes. */
export const MAX_SCROLL_MS = 450

/** The scroll position that puts a target (its top at `targetTop` in the document) 110 px below the sticky panel. */
export function anchorScrollTop(targetTop: number, stickyHeight: number, maxScroll: number): number {
  return Math.round(Math.min(Math.max(0, maxScroll), Math.max(0, targetTop - stickyHeight - SCROLL_OFFSET)))
}

/** How long the scroll over `distance` px takes: longer for longer ways, never over 450 ms; instant under reduced motion. */
export function scrollDuration(distance: number, reducedMotion: boolean): number {
  if (reducedMotion || distance === 0) return 0
  return Math.min(MAX_SCROLL_MS, Math.round(150 + Math.abs(distance) / 10))
}

/** Ease in and out over t in [0, 1]. */
export const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2)

/** One entry of the router history (spec section 3): the page's title, its path, and the path with query and hash. */
export type HistoryEntry = { name: string; path: string; fullPath: string }

export const HISTORY_LENGTH = 3

/** The history with a page added: the last 3, newest last; the same page again only updates its entry (a title set late). */
export function addToHistory(history: readonly HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  const last = history[history.length - 1]
  if (last && last.fullPath === entry.fullPath) return last.name === entry.name ? [...history] : [...history.slice(0, -1), entry]
  return [...history, entry].slice(-HISTORY_LENGTH)
}

/** The site version: desktop at 768 px and wider, otherwise mobile. */
export const DESKTOP_QUERY = '(min-width: 768px)'
export type SiteVersion = 'desktop' | 'mobile'
export const siteVersionOf = (width: number): SiteVersion => (width >= 768 ? 'desktop' : 'mobile')
