'use client'

import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import type { Messages } from '@/i18n/messages'
import { realNow } from '@/lib/clock'
import type { FamilyFinding, GeoAnswer, TestDetails, TestSnapshot } from '@/services/connection-test/compare'
import { fill, resolverWords, resultRows, shareFromHash, statusWords, type Wording } from '@/services/connection-test/wording'
import type { NewTest } from '@/services/connection-test/results'
import {
  addressFamily,
  candidateAddress,
  dnsVerdict,
  familyLeak,
  initialState,
  isConnected,
  overallVerdict,
  webrtcVerdict,
  type ConnectionTestState,
  type ResolverRow,
} from '@/services/connection-test/verdict'

export type ConnectionTestTexts = Messages['ConnectionTest']

/** Each step's share of the progress; together 100. */
const WEIGHTS = { address: 15, ipv4: 15, ipv6: 15, webrtc: 20, dns: 35 } as const
const FAMILY_CAP_MS = 6000
const WEBRTC_CAP_MS = 5000
const PROBE_CAP_MS = 3000
const RESULTS_CAP_MS = 8000

async function getJson<T>(url: string, capMs: number, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(capMs), headers: { accept: 'application/json', ...init.headers } })
  if (!response.ok) throw new Error(`HTTP ${response.status}`)
  return (await response.json()) as T
}

/** The addresses WebRTC's candidates reveal within `capMs` (mDNS names left out); null without WebRTC. */
function gatherAddresses(stunUrls: string[], capMs: number): Promise<string[] | null> {
  if (typeof RTCPeerConnection === 'undefined') return Promise.resolve(null)
  let connection: RTCPeerConnection
  try {
    connection = new RTCPeerConnection({ iceServers: stunUrls.length ? [{ urls: stunUrls }] : [] })
  } catch {
    return Promise.resolve(null)
  }
  const found = new Set<string>()
  return new Promise((resolve) => {
    let done = false
    const finish = () => {
      if (done) return
      done = true
      clearTimeout(timer)
      connection.close()
      resolve([...found])
    }
    const timer = setTimeout(finish, capMs)
    connection.onicecandidate = (event) => {
      if (!event.candidate) return finish()
      const address = candidateAddress(event.candidate.candidate)
      if (address) found.add(address)
    }
    connection.createDataChannel('connection-test')
    connection
      .createOffer()
      .then((offer) => connection.setLocalDescription(offer))
      .catch(finish)
  })
}

/** The page's scheme and port for a probe name: its lookup is the point, the answer is ignored. */
function probeUrl(name: string): string {
  const port = window.location.port ? `:${window.location.port}` : ''
  return `${window.location.protocol}//${name}${port}/api/connection-test/probe/`
}

/** A shared result (`#share=<id>`) being read, shown, or why it cannot be. */
type Shared = { kind: 'loading' | 'gone' | 'malformed' | 'failed' } | { kind: 'shown'; at: string }

/**
 * What a finished run offers (keep it as "before connecting" and compare, copy as text, share by
 * link): a chunk of its own, loaded once a run has finished.
 */
const ConnectionTestExtras = lazy(() => import('./ConnectionTestExtras.client').then((module) => ({ default: module.ConnectionTestExtras })))

/**
 * The connection test: on "Start test", five steps run side by side, each with a cap (the address
 * the site sees, IPv4 and IPv6 on single-stack hosts, WebRTC candidates, DNS probes in the test
 * zone), filling in the spec's state as each finishes; the verdicts come from
 * `services/connection-test/verdict`. Its texts come as props; where it tests comes with the new
 * test (`POST /api/connection-test/`), so a cached page never holds an old setting. A shared
 * result's link (`#share=<id>`) shows that result read-only instead.
 */

export function ConnectionTestPanel({ texts, languageTag, locale }: { texts: ConnectionTestTexts; languageTag: string; locale: string }) {
  const [state, setState] = useState<ConnectionTestState>(initialState)
  const [details, setDetails] = useState<TestDetails>({ address: null, ipv4: null, ipv6: null })
  const [announcement, setAnnouncement] = useState('')
  const [ready, setReady] = useState(false)
  /** The last finished run and its test's id (for a share link). */
  const [lastRun, setLastRun] = useState<TestSnapshot | null>(null)
  const [lastTestId, setLastTestId] = useState<string | null>(null)
  const [shared, setShared] = useState<Shared | null>(null)
  const resultRef = useRef<HTMLDivElement>(null)
  const runs = useRef(0)

  const focusResult = useRef(false)

  useEffect(() => {
    setReady(true)
    // A shared result's link: the id is in the fragment, so the page's cached copy is the same for every link.
    const open = () => {
      const id = shareFromHash(window.location.hash)
      if (!id) return
      runs.current += 1
      setLastRun(null)
      if (id === 'malformed') return setShared({ kind: 'malformed' })
      setShared({ kind: 'loading' })
      fetch(`/api/connection-test/share/${encodeURIComponent(id)}/`, { cache: 'no-store', headers: { accept: 'application/json' }, signal: AbortSignal.timeout(RESULTS_CAP_MS) })
        .then(async (response) => {
          if (response.status === 404) return setShared({ kind: 'gone' })
          if (response.status === 400) return setShared({ kind: 'malformed' })
          if (!response.ok) return setShared({ kind: 'failed' })
          const { result } = (await response.json()) as { result: TestSnapshot }
          setState(result.state)
          setDetails(result.details)
          setShared({ kind: 'shown', at: result.at })
        })
        .catch(() => setShared({ kind: 'failed' }))
    }
    open()
    window.addEventListener('hashchange', open)
    return () => window.removeEventListener('hashchange', open)
  }, [])
  // Once a run has finished and its result is on screen, the focus moves there.
  useEffect(() => {
    if (!focusResult.current || !state.testResult.status) return
    focusResult.current = false
    resultRef.current?.focus()
  }, [state.testResult.status, state.inProgress])

  const countryName = (code: string | null) => {
    if (!code) return texts.unknownValue
    try {
      return new Intl.DisplayNames([languageTag], { type: 'region' }).of(code) ?? code
    } catch {
      return code
    }
  }
  const networkName = (answer: { local?: boolean; asn: number | null; org: string | null }) => {
    if (answer.local) return texts.localNetwork
    if (answer.asn === null) return texts.unknownValue
    return [`AS${answer.asn}`, answer.org].filter(Boolean).join(' ')
  }

  async function run() {
    if (shared) {
      // Leaving a shared result for the visitor's own: the link's id leaves the address bar too.
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search)
      setShared(null)
    }
    const run = ++runs.current
    const draft = initialState()
    const found: TestDetails = { address: null, ipv4: null, ipv6: null }
    draft.inProgress = true
    const publish = () => {
      if (run !== runs.current) return
      setState(structuredClone(draft))
      setDetails({ ...found })
    }
    let announced = 0
    const advance = (step: keyof typeof WEIGHTS) => {
      draft.percent = Math.min(100, draft.percent + WEIGHTS[step])
      publish()
      if (draft.percent >= 50 && announced < 50 && draft.percent < 100) {
        announced = 50
        setAnnouncement(fill(texts.announceProgress, { percent: draft.percent }))
      }
    }
    publish()
    setAnnouncement(texts.announceStarted)

    // The test's id and probe names, where to test IPv4, IPv6 and WebRTC, and our exits: the
    // steps and the verdicts wait for them (and the verdicts for the address).
    const created = getJson<NewTest & { exits: string[] }>('/api/connection-test/', 5000, { method: 'POST' }).catch(() => null)
    void created.then((test) => run === runs.current && setLastTestId(test?.id ?? null))
    const address = getJson<GeoAnswer>('/api/veilgate/geo-ip/', FAMILY_CAP_MS, { cache: 'no-store' })
      .then((answer) => (answer.ip ? answer : null))
      .catch(() => null)
    const exits = created.then((test) => test?.exits ?? [])
    const connected = Promise.all([address, exits]).then(([answer, list]) => isConnected(answer?.ip ?? null, list))

    const addressStep = address.then((answer) => {
      found.address = answer
      draft.clientIp = answer?.ip ?? null
      advance('address')
    })

    const familyStep = async (family: 4 | 6) => {
      const test = await created
      const origin = family === 4 ? test?.ipv4Origin : test?.ipv6Origin
      let finding: FamilyFinding
      if (origin) {
        finding = await getJson<GeoAnswer>(`${origin}/api/veilgate/geo-ip/`, FAMILY_CAP_MS, { cache: 'no-store' })
          .then((answer): FamilyFinding => (answer.ip && addressFamily(answer.ip) === family ? { kind: 'address', answer } : { kind: 'none' }))
          .catch((): FamilyFinding => ({ kind: 'none' }))
      } else {
        // No single-stack host: the family the page itself used shows that address.
        const answer = await address
        finding = answer?.ip && addressFamily(answer.ip) === family ? { kind: 'address', answer } : { kind: 'notConfigured' }
      }
      const [list, isOn] = await Promise.all([exits, connected])
      const ip = finding.kind === 'address' ? finding.answer.ip : null
      if (family === 4) {
        found.ipv4 = finding
        draft.ipv4Leak = familyLeak(ip, list, isOn)
        draft.testResult.dns.ipv4 = ip
        draft.testResult.dns.ipv4Country = finding.kind === 'address' ? finding.answer.country : null
        advance('ipv4')
      } else {
        found.ipv6 = finding
        draft.ipv6Leak = familyLeak(ip, list, isOn)
        advance('ipv6')
      }
    }

    const webrtcStep = async () => {
      const addresses = await gatherAddresses((await created)?.stunUrls ?? [], WEBRTC_CAP_MS)
      const [answer, list, isOn] = await Promise.all([address, exits, connected])
      draft.testResult.webrtc = { status: webrtcVerdict(addresses, answer?.ip ?? null, list, isOn), ip: addresses ?? [] }
      advance('webrtc')
    }

    const dnsStep = async () => {
      const test = await created
      let resolvers: ResolverRow[] | null = null
      if (test) {
        await Promise.all(test.probes.map((name) => fetch(probeUrl(name), { mode: 'no-cors', cache: 'no-store', signal: AbortSignal.timeout(PROBE_CAP_MS) }).catch(() => null)))
        resolvers = await getJson<{ resolvers: ResolverRow[] }>(`/api/connection-test/${encodeURIComponent(test.id)}/`, RESULTS_CAP_MS, { cache: 'no-store' })
          .then((results) => results.resolvers)
          .catch(() => null)
      }
      const isOn = await connected
      draft.testResult.dns.dns = resolvers ?? []
      draft.testResult.dns.status = dnsVerdict(resolvers, isOn)
      advance('dns')
    }

    await Promise.all([addressStep, familyStep(4), familyStep(6), webrtcStep(), dnsStep()])
    const status = overallVerdict(draft, await connected)
    draft.testResult.status = status
    draft.percent = 100
    draft.inProgress = false
    publish()
    if (run !== runs.current) return
    const finished: TestSnapshot = { at: realNow().toISOString(), state: structuredClone(draft), details: { ...found } }
    setLastRun(finished)
    // The comparison with a kept "before connecting" is added by the extras once they are on screen.
    setAnnouncement(fill(texts.announceDone, { status: statusText(status) }))
    focusResult.current = true
  }

  const timeText = (iso: string) => {
    try {
      return new Intl.DateTimeFormat(languageTag, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
    } catch {
      return iso
    }
  }

  const statusText = (status: NonNullable<ConnectionTestState['testResult']['status']>) => statusWords(texts, status)
  const words: Wording = { texts, country: countryName, network: networkName, time: timeText }

  const started = state.inProgress || state.testResult.status !== null
  const pending = state.inProgress ? texts.testing : texts.notTested
  const status = state.testResult.status
  const rows = resultRows({ state, details }, words, pending)
  const dns = state.testResult.dns

  return (
    <div className="grid gap-6" data-connection-test="" data-ready={ready ? '' : undefined} data-status={status ?? undefined}>
      <div className="flex flex-wrap items-center gap-4">
        <button type="button" className="btn-primary px-6 py-3 aria-disabled:opacity-60" aria-disabled={state.inProgress ? true : undefined} onClick={() => !state.inProgress && void run()}>
          {shared ? texts.runOwn : status ? texts.again : texts.start}
        </button>
        <div className="flex min-w-48 flex-1 items-center gap-3">
          <div
            role="progressbar"
            aria-label={texts.progressLabel}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={state.percent}
            aria-valuetext={fill(texts.percent, { percent: state.percent })}
            className="h-2 flex-1 overflow-hidden rounded-full bg-surface"
          >
            <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${state.percent}%` }} />
          </div>
          <span className="min-w-14 text-end text-sm tabular-nums" data-percent="">
            {fill(texts.percent, { percent: state.percent })}
          </span>
        </div>
      </div>
      <p className="sr-only" role="status" aria-live="polite" data-announcement="">
        {announcement}
      </p>

      {shared && (
        <section className="grid gap-2 rounded-2xl border border-brand-600 p-5" aria-labelledby="connection-test-shared" data-shared={shared.kind}>
          <h3 id="connection-test-shared" className="font-semibold">
            {shared.kind === 'shown' ? fill(texts.sharedHeading, { time: timeText(shared.at) }) : texts.runOwn}
          </h3>
          <p className="text-sm" role={shared.kind === 'shown' ? undefined : 'status'}>
            {{ shown: texts.sharedNote, loading: texts.sharedLoading, gone: texts.sharedGone, malformed: texts.sharedMalformed, failed: texts.sharedFailed }[shared.kind]}
          </p>
        </section>
      )}

      {status && (
        <div
          ref={resultRef}
          tabIndex={-1}
          className={`rounded-2xl border p-5 ${status === 'leak' ? 'border-red-300 bg-red-50' : status === 'protected' ? 'border-accent-300 bg-white' : 'border-line bg-surface'}`}
          data-overall=""
        >
          <p className="text-lg font-semibold">{statusText(status)}</p>
          {status === 'notConnected' && <p className="mt-2 text-sm">{texts.notConnectedHelp}</p>}
          {status === 'leak' && <p className="mt-2 text-sm">{texts.leakHelp}</p>}
        </div>
      )}

      {lastRun && !state.inProgress && !shared && (
        <Suspense fallback={null}>
          <ConnectionTestExtras words={words} lastRun={lastRun} testId={lastTestId} locale={locale} announce={(text) => setAnnouncement((current) => `${current} ${text}`.trim())} replace={setAnnouncement} />
        </Suspense>
      )}

      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]" data-address="">
        <dt className="font-semibold">{texts.yourAddress}</dt>
        <dd className="break-all" data-client-ip="">
          {details.address?.ip ?? (started && !state.inProgress ? texts.unknownValue : pending)}
        </dd>
        <dt className="font-semibold">{texts.country}</dt>
        <dd>{details.address ? countryName(details.address.country) : texts.unknownValue}</dd>
        <dt className="font-semibold">{texts.network}</dt>
        <dd>{details.address ? networkName(details.address) : texts.unknownValue}</dd>
      </dl>

      <div className="overflow-x-auto rounded-2xl border border-line">
        <table className="w-full min-w-[32rem] text-start text-sm">
          <caption className="sr-only">{texts.resultsCaption}</caption>
          <thead className="bg-surface">
            <tr>
              <th scope="col" className="p-4 text-start font-semibold">
                {texts.columnCheck}
              </th>
              <th scope="col" className="p-4 text-start font-semibold">
                {texts.columnFound}
              </th>
              <th scope="col" className="p-4 text-start font-semibold">
                {texts.columnVerdict}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, 3).map((row) => (
              <tr key={row.key} className="border-t border-line align-top" data-row={row.key} data-leak={row.leak ? '' : undefined}>
                <th scope="row" className="p-4 text-start font-semibold">
                  {row.name}
                </th>
                <td className="break-all p-4" data-found="">
                  {row.found}
                </td>
                <td className={`p-4 ${row.leak ? 'font-semibold text-red-700' : ''}`} data-verdict="">
                  {row.verdict}
                </td>
              </tr>
            ))}
            <tr className="border-t border-line align-top" data-row="dns" data-leak={dns.status === 'leak' ? '' : undefined} data-dns-status={dns.status ?? undefined}>
              <th scope="row" className="p-4 text-start font-semibold">
                {texts.rowDns}
              </th>
              <td className="p-4" data-found="">
                {!dns.status ? (
                  pending
                ) : dns.dns.length ? (
                  <ul className="grid gap-3">
                    {dns.dns.map((resolver) => (
                      <li key={resolver.ip} data-resolver={resolver.ip} data-label={resolver.label}>
                        <span className="font-mono break-all">{resolver.ip}</span>
                        <span className="block text-muted">
                          {texts.resolverOperator}: {resolverWords(texts, resolver)} · {countryName(resolver.country)} · {networkName(resolver)}
                        </span>
                        <span className="block text-muted">
                          {texts.resolverEcs}: {resolver.ecs ? fill(texts.ecsYes, { subnet: resolver.ecs }) : texts.ecsNo}
                        </span>
                      </li>
                    ))}
                  </ul>
                ) : (
                  texts.unknownValue
                )}
              </td>
              <td className={`p-4 ${dns.status === 'leak' ? 'font-semibold text-red-700' : ''}`} data-verdict="">
                {rows[3]!.verdict}
              </td>
            </tr>
          </tbody>
        </table>
      </div>
    </div>
  )
}
