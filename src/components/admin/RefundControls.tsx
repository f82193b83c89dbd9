'use client'
// On an order's admin page: "Refund (30-day money-back guarantee)", asked to confirm, through
// POST /api/veilgate/admin/orders/{id}/refund/ (the admin's session cookie goes along); disabled,
// with the reason, once the period is over; a refunded order shows when and how much.
import { useDocumentInfo } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useEffect, useState } from 'react'
import { formatCents } from '@/lib/money'
import type { RefundState } from '@/services/orders/refund'

type State = RefundState

const when = (iso: string) => new Date(iso).toUTCString()

/** Why the button is off, in the admin's words. */
export function refusal(state: Pick<State, 'reason' | 'deadline'>): string {
  if (state.reason === 'REFUND_WINDOW_CLOSED') return `The 30-day money-back period of this order ended on ${state.deadline ? when(state.deadline) : 'its last day'}.`
  return 'This order cannot be refunded: it is not paid, cost nothing, or its payment provider does not refund through the site.'
}

async function readJson(response: Response): Promise<Record<string, unknown>> {
  return (await response.json().catch(() => ({}))) as Record<string, unknown>
}

async function fetchState(url: string): Promise<State> {
  const response = await fetch(url, { credentials: 'same-origin', cache: 'no-store' })
  const body = await readJson(response)
  if (!response.ok) throw new Error(String(body.message ?? `The refund state did not load (${response.status})`))
  return body as unknown as State
}

export function RefundControls() {
  const { id } = useDocumentInfo()
  const router = useRouter()
  const [state, setState] = useState<State | null>(null)
  const [error, setError] = useState('')
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const url = `/api/veilgate/admin/orders/${id}/refund/`

  useEffect(() => {
    if (id === undefined) return
    let live = true
    fetchState(url).then(
      (read) => live && setState(read),
      (reason: unknown) => live && setError(reason instanceof Error ? reason.message : String(reason)),
    )
    return () => {
      live = false
    }
  }, [id, url])

  const refund = async () => {
    setBusy(true)
    setError('')
    try {
      const response = await fetch(url, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: '{}' })
      const body = await readJson(response)
      if (!response.ok) throw new Error(String(body.message ?? `The refund did not go through (${response.status})`))
      setConfirming(false)
      setState(await fetchState(url))
      router.refresh()
    } catch (reason) {
      setError(reason instanceof Error ? reason.message : String(reason))
    } finally {
      setBusy(false)
    }
  }

  if (id === undefined) return null
  return (
    <section aria-labelledby="refund-heading" data-refund-controls style={{ marginBlock: '1.5rem' }}>
      <h3 id="refund-heading">Refund</h3>
      {!state && !error && <p>Reading the order…</p>}
      {state?.refunded && (
        <p data-refund-done>
          Refunded {formatCents(state.refunded.amount)}
          {state.refunded.at ? (
            <>
              {' '}
              on <time dateTime={state.refunded.at}>{when(state.refunded.at)}</time>
            </>
          ) : null}
          .
        </p>
      )}
      {state && !state.refunded && state.status === 'paid' && (
        <>
          {state.refundable && state.deadline && (
            <p>
              {formatCents(state.total)} back to the buyer; the subscription it paid for ends at once. Possible until <time dateTime={state.deadline}>{when(state.deadline)}</time>.
            </p>
          )}
          {!confirming ? (
            <button
              type="button"
              className="btn btn--style-secondary btn--size-small"
              disabled={!state.refundable || busy}
              aria-describedby={state.refundable ? undefined : 'refund-reason'}
              onClick={() => setConfirming(true)}
            >
              Refund (30-day money-back guarantee)
            </button>
          ) : (
            <div role="group" aria-label="Confirm the refund" style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'center' }}>
              <span>Refund {formatCents(state.total)} now? This cannot be undone.</span>
              <button type="button" className="btn btn--style-primary btn--size-small" disabled={busy} onClick={() => void refund()} autoFocus>
                Yes, refund {formatCents(state.total)}
              </button>
              <button type="button" className="btn btn--style-secondary btn--size-small" disabled={busy} onClick={() => setConfirming(false)}>
                Keep the order
              </button>
            </div>
          )}
          {!state.refundable && <p id="refund-reason">{refusal(state)}</p>}
        </>
      )}
      {state && !state.refunded && state.status !== 'paid' && <p id="refund-reason">{refusal({ reason: 'ORDER_NOT_REFUNDABLE', deadline: null })}</p>}
      {error && (
        <p role="alert" style={{ color: 'var(--theme-error-500)' }}>
          {error}
        </p>
      )}
    </section>
  )
}
