// The payment methods' marks, drawn inline (nothing is fetched from another host).

/** The methods checkout offers today, with a mark each. */
export type IconMethod = 'card' | 'paypal' | 'paymentwall'

/** A method's mark: decorative (its name is always written beside it), sized by the text. */
export function PaymentMethodIcon({ method, className = 'h-6 w-9' }: { method: IconMethod; className?: string }) {
  if (method === 'paypal') {
    return (
      <svg viewBox="0 0 36 24" className={className} aria-hidden="true" focusable="false">
        <rect width="36" height="24" rx="4" fill="#ffffff" stroke="#d0d5dd" />
        <path d="M14.2 5h5.3c2.6 0 4 1.3 3.6 3.6-.5 2.8-2.4 4-5 4h-1.6l-.9 5.2h-2.9z" fill="#003087" />
        <path d="M16.6 7.6h2.6c1.9 0 3 1 2.6 2.9-.4 2.2-1.9 3.1-3.9 3.1h-1.2l-.7 4.1h-2.3z" fill="#009cde" />
      </svg>
    )
  }
  if (method === 'paymentwall') {
    return (
      <svg viewBox="0 0 36 24" className={className} aria-hidden="true" focusable="false">
        <rect width="36" height="24" rx="4" fill="#ffffff" stroke="#d0d5dd" />
        <path d="M7 7h3.2l1.9 7.2L14.3 7h2.6l2.2 7.2L21 7h3.2l-3.6 11h-2.9l-2.1-6.6-2.1 6.6H10.6z" fill="#e1432b" />
        <rect x="25.5" y="7" width="3.5" height="11" rx="1" fill="#1f2a44" />
      </svg>
    )
  }
  return (
    <svg viewBox="0 0 36 24" className={className} aria-hidden="true" focusable="false">
      <rect width="36" height="24" rx="4" fill="#ffffff" stroke="#d0d5dd" />
      <rect x="0.5" y="6" width="35" height="4" fill="#1f2a44" />
      <rect x="5" y="15" width="12" height="3" rx="1" fill="#98a2b3" />
    </svg>
  )
}
