'use client'

import { useEffect, useRef, useState } from 'react'
import { CopyButton } from '@/components/ui/CopyButton'
import { BEFORE_KEY, compare, readSnapshot, summary, type DnsFacts, type FamilyFacts, type RowChange, type TestSnapshot } from '@/services/connection-test/compare'
import { fill, type Wording } from '@/services/connection-test/wording'

/** The kept "before connecting" result (`localStorage`, only when the visitor asks); null where storage is refused. */
const storage = () => {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

/** Making a share link: the link made, or why not. */
type Sharing = { kind: 'busy' } | { kind: 'done'; url: string; expiresAt: string } | { kind: 'rerun' | 'failed' }

const SHARE_CAP_MS = 8000

/**
 * What a finished run offers, loaded once one has: "Save as before connecting" (kept in this
 * browser only) and, while one is kept, the run compared with it row by row in words; the result
 * as text with "Copy as text"; and "Share a link", under the warning of who sees what. Mounted
 * afresh for each finished run (the panel hides it while a run is in progress).
 */
export function ConnectionTestExtras({
  words,
  lastRun,
  testId,
  locale,
  announce,
  replace,
}: {
  words: Wording
  lastRun: TestSnapshot
  testId: string | null
  locale: string
  /** Adds to what the panel's polite status says; `replace` says only this. */
  announce: (text: string) => void
  replace: (text: string) => void
}) {
  // Only ever rendered in the browser (after a run), so storage can be read at once.
  const { texts } = words
  const [before, setBefore] = useState<TestSnapshot | null>(() => readSnapshot(storage()?.getItem(BEFORE_KEY) ?? null))
  const [sharing, setSharing] = useState<Sharing | null>(null)
  const announced = useRef(false)

  /** Each row of a comparison in words (not by colour alone): what it showed before, now, and a verdict that changed. */
  const changeLines = (changes: RowChange[]) =>
    changes.flatMap((change) => {
      if (change.row === 'overall') return []
      const name = { ipv4: texts.rowIpv4, ipv6: texts.rowIpv6, webrtc: texts.rowWebrtc, dns: texts.rowDns }[change.row]
      if (!change.changed) return [fill(texts.compareUnchanged, { row: name })]
      let was: string, now: string, verdicts: [string | null, string | null]
      if (change.row === 'ipv4' || change.row === 'ipv6') {
        const facts = (value: FamilyFacts) => {
          if (value.kind === 'address') return `${value.ip}, ${words.country(value.country)}, ${words.network(value.network)}`
          if (value.kind === 'none') return change.row === 'ipv4' ? texts.ipv4None : texts.ipv6None
          return value.kind === 'notRun' ? texts.notTested : texts.unknownValue
        }
        ;[was, now] = [facts(change.before), facts(change.after)]
        verdicts = [change.before.kind === 'address' ? change.before.verdict : null, change.after.kind === 'address' ? change.after.verdict : null]
      } else if (change.row === 'webrtc') {
        ;[was, now] = [change.before, change.after].map((value) => (value.addresses.length ? value.addresses.join(', ') : texts.unknownValue)) as [string, string]
        verdicts = [change.before.verdict, change.after.verdict]
      } else {
        const dns = change as Extract<RowChange, { row: 'dns' }>
        const counts = (value: DnsFacts) => {
          const parts = [
            value.counts.ours && fill(texts.dnsOurs, { count: value.counts.ours }),
            value.counts.provider && fill(texts.dnsProvider, { count: value.counts.provider }),
            value.counts.public + value.counts.unknown && fill(texts.dnsOther, { count: value.counts.public + value.counts.unknown }),
          ].filter((part): part is string => Boolean(part))
          return parts.length ? parts.join(', ') : texts.unknownValue
        }
        ;[was, now] = [counts(dns.before), counts(dns.after)]
        verdicts = [dns.before.verdict, dns.after.verdict]
      }
      const verdict = verdicts[1] !== verdicts[0] ? (verdicts[1] === 'ok' ? texts.nowProtected : verdicts[1] === 'leak' ? texts.nowLeaking : null) : null
      return [verdict ? fill(texts.compareChangedVerdict, { row: name, before: was, after: now, verdict }) : fill(texts.compareChanged, { row: name, before: was, after: now })]
    })

  // The comparison with the kept result joins the run's announcement once it is on screen.
  useEffect(() => {
    if (announced.current || !before || before.at === lastRun.at) return
    announced.current = true
    announce(`${fill(texts.compareHeading, { time: words.time(before.at) })}: ${changeLines(compare(before, lastRun)).join(' ')}`)
    // Once per finished run (the panel mounts this afresh for each).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const saveBefore = () => {
    try {
      storage()?.setItem(BEFORE_KEY, JSON.stringify(lastRun))
    } catch {
      // Storage refused (private mode, full): it is kept for this page only.
    }
    setBefore(lastRun)
    replace(fill(texts.savedNote, { time: words.time(lastRun.at) }))
  }
  const forgetBefore = () => {
    storage()?.removeItem(BEFORE_KEY)
    setBefore(null)
    replace(texts.forgotten)
  }

  const shareResult = async () => {
    if (!testId || sharing?.kind === 'busy') return
    setSharing({ kind: 'busy' })
    try {
      const response = await fetch('/api/connection-test/share/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ testId, result: lastRun, locale }),
        signal: AbortSignal.timeout(SHARE_CAP_MS),
      })
      const answer = (await response.json().catch(() => ({}))) as { url?: string; expiresAt?: string; field?: string }
      if (response.status === 201 && answer.url && answer.expiresAt) {
        setSharing({ kind: 'done', url: answer.url, expiresAt: answer.expiresAt })
        replace(fill(texts.shareReady, { time: words.time(answer.expiresAt) }))
        return
      }
      // Past the run's ten minutes its DNS rows are gone: a new run can be shared.
      const next: Sharing = { kind: response.status === 404 && answer.field === 'testId' ? 'rerun' : 'failed' }
      setSharing(next)
      replace(next.kind === 'rerun' ? texts.shareRerun : texts.shareFailed)
    } catch {
      setSharing({ kind: 'failed' })
      replace(texts.shareFailed)
    }
  }

  return (
    <>
      <div className="flex flex-wrap items-center gap-3 text-sm" data-before="">
        {lastRun.at !== before?.at && (
          <button type="button" className="btn-outline px-4 py-2" onClick={saveBefore}>
            {texts.saveBefore}
          </button>
        )}
        {before && (
          <>
            <p className="flex-1">{fill(texts.savedNote, { time: words.time(before.at) })}</p>
            <button type="button" className="btn-outline px-4 py-2" onClick={forgetBefore}>
              {texts.forgetBefore}
            </button>
          </>
        )}
      </div>

      {before && lastRun.at !== before.at && (
        <section className="rounded-2xl border border-line p-5" aria-labelledby="connection-test-comparison" data-comparison="">
          <h3 id="connection-test-comparison" className="font-semibold">
            {fill(texts.compareHeading, { time: words.time(before.at) })}
          </h3>
          <ul className="mt-3 grid gap-2 text-sm">
            {compare(before, lastRun).map((change) => {
              if (change.row === 'overall') return null
              const [line] = changeLines([change])
              return (
                <li key={change.row} className="break-words" data-change={change.row} data-changed={change.changed ? '' : undefined}>
                  {line}
                </li>
              )
            })}
          </ul>
        </section>
      )}

      <div className="grid gap-4 rounded-2xl border border-line p-5 text-sm">
        <details data-summary="">
          <summary className="cursor-pointer font-semibold">{texts.textHeading}</summary>
          <pre id="connection-test-text" className="mt-3 overflow-x-auto whitespace-pre-wrap break-words font-mono text-xs">
            {summary(lastRun, words, window.location.origin + window.location.pathname)}
          </pre>
        </details>
        <CopyButton target="connection-test-text" label={texts.copyText} text={texts.copyText} copied={texts.copied} />
        <div className="grid gap-2" data-share={sharing?.kind ?? ''}>
          <p id="connection-test-share-warning">{texts.shareWarning}</p>
          <div>
            <button
              type="button"
              className="btn-outline px-4 py-2 aria-disabled:opacity-60"
              aria-describedby="connection-test-share-warning"
              aria-disabled={sharing?.kind === 'busy' || !testId ? true : undefined}
              onClick={() => void shareResult()}
            >
              {texts.share}
            </button>
          </div>
          {sharing?.kind === 'done' && (
            <div className="grid gap-1">
              <p>{fill(texts.shareReady, { time: words.time(sharing.expiresAt) })}</p>
              <p className="flex flex-wrap items-center gap-2">
                <a id="connection-test-share-link" href={sharing.url} className="break-all font-mono text-xs underline" data-share-link="">
                  {sharing.url}
                </a>
                <CopyButton target="connection-test-share-link" label={texts.shareCopy} text={texts.shareCopy} copied={texts.copied} />
              </p>
            </div>
          )}
          {(sharing?.kind === 'rerun' || sharing?.kind === 'failed') && (
            <p className="font-semibold text-red-700" data-share-error="">
              {sharing.kind === 'rerun' ? texts.shareRerun : texts.shareFailed}
            </p>
          )}
        </div>
      </div>
    </>
  )
}
