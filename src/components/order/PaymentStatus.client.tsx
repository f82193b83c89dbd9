'use client'

import { useEffect } from 'react'

const POLL_MS = 3000
const POLL_FOR_MS = 10 * 60 * 1000

/**
 * The order's status on the success page, in a polite live region. While the payment is pending
 * it asks every 3 s, for up to 10 minutes (`pollForMs`: an open crypto invoice's time left and its
 * confirmation), and reloads the page once the status is no longer `status`.
 */
export function PaymentStatus({ hash, label, pending, status, pollForMs = POLL_FOR_MS }: { hash: string; label: string; pending: boolean; status: string; pollForMs?: number }) {
  useEffect(() => {
    if (!pending) return
    const started = performance.now()
    let stopped = false
    const timer = window.setInterval(async () => {
      if (stopped || performance.now() - started > pollForMs) return window.clearInterval(timer)
      const answer = await fetch('/api/veilgate/sales/check-payment-status/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ hash }) })
        .then((response) => (response.ok ? (response.json() as Promise<{ status?: string }>) : null))
        .catch(() => null)
      if (answer?.status && answer.status !== status && !(answer.status === 'processing' && status === 'requires_action')) {
        stopped = true
        window.clearInterval(timer)
        window.location.reload()
      }
    }, POLL_MS)
    return () => {
      stopped = true
      window.clearInterval(timer)
    }
  }, [hash, pending, status, pollForMs])
  return (
    <span role="status" aria-live="polite" data-status>
      {label}
    </span>
  )
}
