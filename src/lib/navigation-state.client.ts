'use client'

import { useSyncExternalStore } from 'react'
import type { HistoryEntry, SiteVersion } from './navigation'

/**
 * The navigation part of the site's global state (spec section 3): `routerHistory` (the last 3
 * pages, newest last) and `siteVersion` (desktop from 768 px). The site-behaviours island keeps
 * them; any island reads them.
 */
export type NavigationState = { routerHistory: HistoryEntry[]; siteVersion: SiteVersion }

const initial: NavigationState = { routerHistory: [], siteVersion: 'desktop' }
let state = initial
const listeners = new Set<() => void>()

export const navigationState = (): NavigationState => state

export function setNavigationState(change: Partial<NavigationState>): void {
  state = { ...state, ...change }
  for (const listener of listeners) listener()
}

export function subscribeNavigation(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useNavigationState(): NavigationState {
  return useSyncExternalStore(subscribeNavigation, navigationState, () => initial)
}
