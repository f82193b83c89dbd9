// The payment methods' marks, drawn inline (nothing is fetched from another host).

/** The methods checkout offers today, with a mark each. */
export type IconMethod = 'card' | 'paypal' | 'paymentwall' | 'amazon-pay' | 'apple-pay' | 'google-pay' | 'bitcoin' | 'coinpayments'

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
  if (method === 'bitcoin') {
    return (
      <svg viewBox="0 0 36 24" className={className} aria-hidden="true" focusable="false">
        <rect width="36" height="24" rx="4" fill="#ffffff" stroke="#d0d5dd" />
        <circle cx="18" cy="12" r="8.5" fill="#f7931a" />
        <path d="M15.2 7.6h3.6c1.7 0 2.7.8 2.7 2.1 0 .9-.5 1.5-1.2 1.8.9.2 1.6.9 1.6 2 0 1.5-1.1 2.4-3 2.4h-3.7zm1.7 1.4v2.2h1.7c.8 0 1.2-.4 1.2-1.1S19.4 9 18.6 9zm0 3.6v2.3h1.9c.9 0 1.4-.4 1.4-1.2s-.5-1.1-1.4-1.1z M16.4 6.4h1v1.4h-1z M18.2 6.4h1v1.4h-1z M16.4 16.1h1v1.5h-1z M18.2 16.1h1v1.5h-1z" fill="#ffffff" />
      </svg>
    )
  }
  if (method === 'coinpayments') {
    return (
      <svg viewBox="0 0 36 24" className={className} aria-hidden="true" focusable="false">
        <rect width="36" height="24" rx="4" fill="#ffffff" stroke="#d0d5dd" />
        <circle cx="15" cy="12" r="7" fill="none" stroke="#2a5ada" strokeWidth="2.4" />
        <circle cx="22" cy="12" r="7" fill="none" stroke="#00b37e" strokeWidth="2.4" />
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
  if (method === 'amazon-pay') {
    return (
      <svg viewBox="0 0 36 24" className={className} aria-hidden="true" focusable="false">
        <rect width="36" height="24" rx="4" fill="#232f3e" />
        <path d="M8 9.5h3.2a2.3 2.3 0 0 1 0 4.6H9.6V17H8zm1.6 1.4v1.8h1.4a.9.9 0 0 0 0-1.8z M15.5 9.5h1.9l2.6 7.5h-1.7l-.5-1.5h-2.7l-.5 1.5h-1.7zm.9 2.1-.9 2.6h1.8z M20.3 9.5h1.7l1.5 2.9 1.5-2.9h1.7l-2.4 4.3V17h-1.6v-3.2z" fill="#ffffff" />
        <path d="M7 19.2c6.8 2.6 15.4 2.6 22 0" fill="none" stroke="#ff9900" strokeWidth="1.4" strokeLinecap="round" />
        <path d="M27.4 18.1l1.9 1-1.3 1.6" fill="none" stroke="#ff9900" strokeWidth="1.2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    )
  }
  if (method === 'apple-pay') {
    return (
      <svg viewBox="0 0 36 24" className={className} aria-hidden="true" focusable="false">
        <rect width="36" height="24" rx="4" fill="#000000" />
        <path d="M11.6 8.2c.5-.6.8-1.3.7-2.1-.7 0-1.5.5-2 1-.4.5-.8 1.3-.7 2 .8.1 1.5-.4 2-.9zm.7 1.1c-1.1-.1-2 .6-2.5.6s-1.3-.6-2.2-.6c-1.1 0-2.2.7-2.7 1.7-1.2 2-.3 5 .8 6.6.5.8 1.2 1.7 2 1.6.8 0 1.1-.5 2.1-.5s1.2.5 2.1.5c.9 0 1.4-.8 2-1.6.6-.9.8-1.7.9-1.8 0 0-1.7-.7-1.7-2.6 0-1.6 1.3-2.4 1.4-2.4-.8-1.1-1.9-1.2-2.2-1.3z" fill="#ffffff" />
        <path d="M17 8.6h2.9a2.4 2.4 0 0 1 0 4.8h-1.5v3.3H17zm1.4 1.2v2.4h1.3a1.2 1.2 0 0 0 0-2.4z M25.2 16.7v-.7c-.4.5-1 .8-1.7.8-1 0-1.8-.6-1.8-1.6s.8-1.6 2.1-1.7l1.4-.1v-.3c0-.6-.4-.9-1-.9-.5 0-.9.2-1 .6h-1.2c.1-1 1-1.7 2.3-1.7 1.4 0 2.3.7 2.3 1.9v3.7zm0-2.3-1.2.1c-.6 0-1 .3-1 .7s.4.7.9.7c.7 0 1.3-.5 1.3-1.1z M28 18.9v-1l.4.1c.5 0 .7-.2.9-.7l.1-.3-2.2-6h1.4l1.5 4.8 1.5-4.8h1.4l-2.3 6.4c-.5 1.5-1.1 1.9-2.3 1.9z" fill="#ffffff" />
      </svg>
    )
  }
  if (method === 'google-pay') {
    return (
      <svg viewBox="0 0 36 24" className={className} aria-hidden="true" focusable="false">
        <rect width="36" height="24" rx="4" fill="#ffffff" stroke="#d0d5dd" />
        <path d="M12.6 12.2c0-.4 0-.8-.1-1.1H8.2v2.1h2.5a2.1 2.1 0 0 1-.9 1.4v1.2h1.5c.8-.8 1.3-2 1.3-3.6z" fill="#4285f4" />
        <path d="M8.2 16.8c1.2 0 2.3-.4 3-1.1l-1.5-1.2c-.4.3-.9.5-1.5.5-1.2 0-2.2-.8-2.5-1.8H4.2v1.2a4.6 4.6 0 0 0 4 2.4z" fill="#34a853" />
        <path d="M5.7 13.2a2.8 2.8 0 0 1 0-1.8v-1.2H4.2a4.6 4.6 0 0 0 0 4.2z" fill="#fbbc04" />
        <path d="M8.2 9.7c.7 0 1.3.2 1.7.7l1.3-1.3a4.4 4.4 0 0 0-3-1.2 4.6 4.6 0 0 0-4 2.4l1.5 1.2c.3-1 1.3-1.8 2.5-1.8z" fill="#ea4335" />
        <path d="M16 8.6h2.9a2.4 2.4 0 0 1 0 4.8h-1.5v3.3H16zm1.4 1.2v2.4h1.3a1.2 1.2 0 0 0 0-2.4z M24.2 16.7v-.7c-.4.5-1 .8-1.7.8-1 0-1.8-.6-1.8-1.6s.8-1.6 2.1-1.7l1.4-.1v-.3c0-.6-.4-.9-1-.9-.5 0-.9.2-1 .6h-1.2c.1-1 1-1.7 2.3-1.7 1.4 0 2.3.7 2.3 1.9v3.7zm0-2.3-1.2.1c-.6 0-1 .3-1 .7s.4.7.9.7c.7 0 1.3-.5 1.3-1.1z M27 18.9v-1l.4.1c.5 0 .7-.2.9-.7l.1-.3-2.2-6h1.4l1.5 4.8 1.5-4.8h1.4l-2.3 6.4c-.5 1.5-1.1 1.9-2.3 1.9z" fill="#5f6368" />
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
