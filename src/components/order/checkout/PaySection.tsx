// The pay button with its hint, the alert that tells a decline, and "Try again" after a failed 3-D Secure.
import type { CheckoutState } from './useCheckout'

export function PaySection({ c }: { c: CheckoutState }) {
  const { texts, ids, hint, blocked, busy, alert, fromOrder, expressShown, expressMount } = c
  const hintId = `${ids}-hint`
  const alertId = `${ids}-alert`
  return (
    <div className="grid gap-2" data-pay>
      {expressShown ? (
        // Stripe's Express Checkout Element: the chosen wallet's own button (its sheet opens only from that press).
        <div ref={expressMount} data-stripe-express className="min-h-12" />
      ) : (
        <button
          type="submit"
          aria-disabled={blocked || busy ? true : undefined}
          aria-describedby={[hint ? hintId : null, alert ? alertId : null].filter(Boolean).join(' ') || undefined}
          className="rounded-md bg-brand-600 px-6 py-3 text-lg font-semibold text-white aria-disabled:opacity-60"
        >
          {busy ? texts.paying : texts.pay.replace('{total}', c.money.format(c.total / 100))}
        </button>
      )}
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {texts[hint]}
        </p>
      )}
      <div id={alertId} role="alert" className="text-sm font-medium text-red-700">
        {alert}
      </div>
      {c.retryToken && fromOrder?.card && (
        <div className="flex flex-wrap items-center gap-3" data-retry>
          <span>{fromOrder.card}</span>
          <button type="button" aria-disabled={busy ? true : undefined} onClick={() => void c.retryOrder()} className="rounded-md border border-brand-600 px-4 py-2 font-semibold text-brand-700 aria-disabled:opacity-60">
            {texts.tryAgain}
          </button>
        </div>
      )}
    </div>
  )
}
