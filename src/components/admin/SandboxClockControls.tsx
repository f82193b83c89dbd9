'use client'
// The admin's "Sandbox clock" view: the app's time, how far it runs ahead, and buttons that move it
// forward through POST /api/payments/sandbox/clock/advance (the admin's session cookie goes along).
import { useEffect, useState } from 'react'

type Clock = { now: string; offsetMs: number }

/** `from` moved by whole calendar months; a day the month lacks becomes its last (Jan 31 + 1 → Feb 28). */
export function addMonths(from: Date, months: number): Date {
  const target = new Date(from.getTime())
  const day = target.getUTCDate()
  target.setUTCDate(1)
  target.setUTCMonth(target.getUTCMonth() + months)
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate()
  target.setUTCDate(Math.min(day, last))
  return target
}

/** "12 days 3 h ahead of real time" or "Real time". */
export function describeOffset(ms: number): string {
  if (ms <= 0) return 'Real time'
  const days = Math.floor(ms / 86_400_000)
  const hours = Math.floor((ms % 86_400_000) / 3_600_000)
  const minutes = Math.floor((ms % 3_600_000) / 60_000)
  const parts = [days ? `${days} day${days === 1 ? '' : 's'}` : '', hours ? `${hours} h` : '', !days && !hours ? `${minutes} min` : ''].filter(Boolean)
  return `${parts.join(' ')} ahead of real time`
}

const steps: { label: string; body: (now: Date) => object }[] = [
  // Short waits (an Amazon Pay approval's 30 minutes) run out without ending a day's worth of others (an order's 24 hours).
  { label: '+1 hour', body: (now) => ({ to: new Date(now.getTime() + 3_600_000).toISOString() }) },
  { label: '+1 day', body: () => ({ days: 1 }) },
  { label: '+7 days', body: () => ({ days: 7 }) },
  { label: '+1 month', body: (now) => ({ to: addMonths(now, 1).toISOString() }) },
  { label: '+1 year', body: (now) => ({ to: addMonths(now, 12).toISOString() }) },
]

async function fetchClock(): Promise<Clock> {
  const response = await fetch('/api/payments/sandbox/clock', { credentials: 'same-origin', cache: 'no-store' })
  const body = (await response.json().catch(() => ({}))) as Partial<Clock> & { message?: string }
  if (!response.ok || typeof body.now !== 'string') throw new Error(body.message ?? `The clock did not answer (${response.status})`)
  return { now: body.now, offsetMs: Number(body.offsetMs ?? 0) }
}

export function SandboxClockControls() {
  const [clock, setClock] = useState<Clock | null>(null)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let live = true
    fetchClock().then(
      (read) => live && setClock(read),
      (reason: unknown) => live && setError(reason instanceof Error ? reason.message : String(reason)),
    )
    return () => {
      live = false
    }
  }, [])

  const advance = async (body: object) => {
    setBusy(true)
    setError('')
    try {
      const response = await fetch('/api/payments/sandbox/clock/advance', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      if (!response.ok) {
        const answer = (await response.json().catch(() => ({}))) as { message?: string }
        throw new Error(answer.message ?? `The clock did not move (${response.status})`)
      }
      setClock(await fetchClock())
    } catch (reason) {
      setError(reason instanceof Error ? reason.message : String(reason))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="sandbox-clock-heading" data-sandbox-clock style={{ marginBlock: '1.5rem' }}>
      <h3 id="sandbox-clock-heading">Time on the site</h3>
      <p aria-live="polite" data-sandbox-clock-now>
        {clock ? (
          <>
            <time dateTime={clock.now}>{new Date(clock.now).toUTCString()}</time> · {describeOffset(clock.offsetMs)}
          </>
        ) : error ? null : (
          'Reading the clock…'
        )}
      </p>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
        {steps.map((step) => (
          <button key={step.label} type="button" className="btn btn--style-secondary btn--size-small" disabled={busy || !clock} onClick={() => clock && void advance(step.body(new Date(clock.now)))}>
            {step.label}
          </button>
        ))}
      </div>
      {error && (
        <p role="alert" style={{ color: 'var(--theme-error-500)' }}>
          {error}
        </p>
      )}
    </section>
  )
}
