'use client'

import { useEffect, useRef, useState } from 'react'
import { localizePath } from '@/i18n/paths'
import { realNow } from '@/lib/clock'
import { newKey } from './checkout/browser'

type Texts = Record<'buyerLabel' | 'loading' | 'payNow' | 'paying' | 'expired' | 'backToCheckout' | 'genericError', string>
type Approval = { valid: boolean; expiresAt: string | null }

async function read<T>(path: string, hash: string): Promise<T | null> {
  const response = await fetch(`${path}?hash=${hash}&ts=${realNow().getTime()}`, { headers: { accept: 'application/json' }, cache: 'no-store' }).catch(() => null)
  return response?.ok ? ((await response.json()) as T) : null
}

/**
 * The wallet page's buyer and "Pay now": the Amazon buyer (`amazon-user-info/`) and whether the
 * approval can still be captured (`amazon-pay-validate/`) are read on load; "Pay now" stays off
 * until the approval is known to be valid, then captures it through `url-with-email/` with a new
 * Idempotency-Key and follows the answer. An expired approval is said and leads to checkout.
 */
export function AmazonPayment({ hash, locale, texts }: { hash: string; locale: string; texts: Texts }) {
  const [buyer, setBuyer] = useState<{ name: string; email: string } | null>(null)
  const [approval, setApproval] = useState<Approval | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const expiredRef = useRef<HTMLParagraphElement>(null)

  useEffect(() => {
    let live = true
    void Promise.all([read<{ name: string; email: string }>('/api/veilgate/purchase/amazon-user-info/', hash), read<Approval>('/api/veilgate/purchase/amazon-pay-validate/', hash)]).then(([who, valid]) => {
      if (!live) return
      setBuyer(who)
      setApproval(valid ?? { valid: false, expiresAt: null })
    })
    return () => {
      live = false
    }
  }, [hash])

  const expired = approval !== null && !approval.valid
  useEffect(() => {
    if (expired) expiredRef.current?.focus()
  }, [expired])

  const pay = async () => {
    if (busy || !approval?.valid) return
    setBusy(true)
    setError(null)
    try {
      const response = await fetch('/api/veilgate/purchase/url-with-email/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': newKey() },
        body: JSON.stringify({ hash, paymentMethod: 'amazon-pay', locale }),
      })
      const body = (await response.json().catch(() => ({}))) as { url?: string; code?: string; message?: string }
      if (response.ok && body.url) return window.location.assign(localizePath(locale, body.url))
      if (body.code === 'ORDER_NOT_RETRYABLE') setApproval({ valid: false, expiresAt: approval.expiresAt })
      else setError(body.message || texts.genericError)
    } catch {
      setError(texts.genericError)
    }
    setBusy(false)
  }

  return (
    <div className="mt-6 grid gap-4">
      <dl className="grid gap-1 rounded-xl border border-line p-6" aria-busy={buyer === null && approval === null ? true : undefined}>
        <dt className="text-sm text-muted">{texts.buyerLabel}</dt>
        <dd data-buyer>{buyer ? `${buyer.name} · ${buyer.email}` : texts.loading}</dd>
      </dl>
      {expired ? (
        <div className="grid gap-3">
          <p ref={expiredRef} tabIndex={-1} role="alert" className="font-semibold text-red-700" data-approval-expired>
            {texts.expired}
          </p>
          <a href={`${localizePath(locale, '/order/checkout')}?hash=${hash}`} className="justify-self-start rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white">
            {texts.backToCheckout}
          </a>
        </div>
      ) : (
        <button
          type="button"
          data-pay-now
          disabled={!approval?.valid}
          aria-disabled={busy ? true : undefined}
          onClick={() => void pay()}
          className="justify-self-start rounded-md bg-brand-600 px-6 py-3 text-lg font-semibold text-white disabled:opacity-60 aria-disabled:opacity-60"
        >
          {busy ? texts.paying : texts.payNow}
        </button>
      )}
      <div role="alert" className="text-sm font-medium text-red-700">
        {error}
      </div>
    </div>
  )
}
