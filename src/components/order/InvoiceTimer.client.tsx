'use client'

import { useEffect, useState } from 'react'

type Props = {
  /** Milliseconds the invoice had left when the page was made (by the site's clock, which may run ahead of the browser's). */
  remainingMs: number
  label: string
  /** "{minutes} min left", announced at each whole minute. */
  minutesLeft: string
  lapsed: string
}

const clock = (ms: number) => {
  const seconds = Math.max(0, Math.ceil(ms / 1000))
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`
}

/**
 * An invoice's countdown: minutes and seconds in a `timer` (not announced each second), and a
 * polite status that says the whole minutes left as each one starts, then that the invoice expired.
 * Counted from the page's own start, so a browser clock set wrong does not matter.
 */
export function InvoiceTimer({ remainingMs, label, minutesLeft, lapsed }: Props) {
  const [left, setLeft] = useState(remainingMs)
  useEffect(() => {
    const started = performance.now()
    const timer = window.setInterval(() => {
      const next = remainingMs - (performance.now() - started)
      setLeft(next)
      if (next <= 0) window.clearInterval(timer)
    }, 1000)
    return () => window.clearInterval(timer)
  }, [remainingMs])
  const minutes = Math.ceil(Math.max(0, left) / 60_000)
  return (
    <div className="grid gap-1" data-invoice-timer>
      <dt className="text-sm font-medium text-muted" id="invoice-timer-label">
        {label}
      </dt>
      <dd className="grid gap-1">
        <span role="timer" aria-labelledby="invoice-timer-label" dir="ltr" className="font-mono text-2xl font-bold tabular-nums">
          {clock(left)}
        </span>
        <span role="status" aria-live="polite" className="text-sm" data-invoice-minutes>
          {left > 0 ? minutesLeft.replace('{minutes}', String(minutes)) : lapsed}
        </span>
      </dd>
    </div>
  )
}
