'use client'

import { lazy, Suspense, useSyncExternalStore } from 'react'
import { accountKey, restoreAccount } from '@/services/purchase-flow/account-storage'
import type { OneTimeAccountTexts } from './OneTimeAccount.client'

type Account = { number: string; secret: string }

/** The box's code: loaded only when this tab holds a number and secret to show. */
const OneTimeAccount = lazy(async () => ({ default: (await import('./OneTimeAccount.client')).OneTimeAccount }))

/** What this page took from the tab's storage, per order: read and deleted once, then the same object for every render. */
const taken = new Map<string, Account | null>()
function take(hash: string): Account | null {
  if (!taken.has(hash)) {
    const key = accountKey(hash)
    let raw: string | null = null
    try {
      raw = sessionStorage.getItem(key)
      sessionStorage.removeItem(key)
    } catch {
      // Storage refused: there is nothing to show.
    }
    taken.set(hash, restoreAccount(raw))
  }
  return taken.get(hash) ?? null
}
const unchanging = () => () => {}

/**
 * The number and secret of an account bought without an e-mail, on the paid order's success page:
 * read from this tab's storage (checkout kept them under the order's hash) and deleted from it at
 * once, so a reload shows the order without them; shown in `OneTimeAccount`'s box, whose code
 * loads only then. Nothing here talks to the server.
 */
export function OneTimeAccountLoader({ hash, texts, signInUrl }: { hash: string; texts: OneTimeAccountTexts; signInUrl: string }) {
  // The server has no tab storage: it renders nothing, and the browser shows what it took.
  const account = useSyncExternalStore(unchanging, () => take(hash), () => null)
  if (!account) return null
  return (
    <Suspense fallback={null}>
      <OneTimeAccount account={account} texts={texts} signInUrl={signInUrl} />
    </Suspense>
  )
}
