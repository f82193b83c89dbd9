'use client'

import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react'
import { Modal } from '@/components/ui/Modal.client'
import { localizePath } from '@/i18n/paths'
import { apiFetch, isSignedIn, logout, type ApiFailure } from '@/lib/session.client'
import type { RegionView, SubscriptionView } from '@/services/account/overview'
import { appReleases } from '@/services/downloads/apps'
import { downloadPlatforms, platformFromUserAgent } from '@/services/downloads/platform'
import { toSignIn as goToSignIn } from './navigation'
import { RedeemCode, type RedeemTexts } from './RedeemCode.client'
import { fill } from './fill'
import { SwitchTrack } from './SwitchTrack'
import type { ExtrasTexts } from './AddExtras.client'

// The extras dialog's code loads when it is first opened.
const AddExtras = lazy(() => import('./AddExtras.client'))
import { brandNameOf } from '@/services/catalog/methods'

type Overview = {
  profile: { email: string | null; accountNumber: string | null }
  subscriptions: SubscriptionView[]
  /** The free trial this customer may start (owns nothing, never had one), or null. */
  trialOffer: { plan: string } | null
  slots: { included: number; bought: number; used: number }
  devices: { id: number; name: string; platform: string; addedAt: string; lastSeenAt: string | null }[]
  services: { subscriptionId: number; kind: string; title: string; region: RegionView | null; ipRegion: RegionView | null }[]
}

export type AccountTexts = Record<
  | 'title'
  | 'accountNumberIs'
  | 'signOut'
  | 'loading'
  | 'subscriptionsHeading'
  | 'statusLabel'
  | 'statusTrialing'
  | 'statusActive'
  | 'statusPastDue'
  | 'pastDueNote'
  | 'payNow'
  | 'statusCanceled'
  | 'statusExpired'
  | 'methodLabel'
  | 'card'
  | 'renewsOn'
  | 'activeUntil'
  | 'lifetime'
  | 'autoRenew'
  | 'autoRenewOn'
  | 'autoRenewOff'
  | 'blockedMethod'
  | 'blockedEnded'
  | 'blockedLifetime'
  | 'cancel'
  | 'cancelTitle'
  | 'cancelText'
  | 'cancelConfirm'
  | 'cancelKeep'
  | 'slotsHeading'
  | 'slotsText'
  | 'devicesHeading'
  | 'noDevices'
  | 'remove'
  | 'deviceAdded'
  | 'servicesHeading'
  | 'staticIp'
  | 'personalServer'
  | 'downloadsHeading'
  | 'downloadFor'
  | 'emptyTitle'
  | 'emptyText'
  | 'emptyCta'
  | 'startTrial'
  | 'trialText'
  | 'trialStarted'
  | 'ordersLink'
  | 'methodGift'
  | 'settingsLink'
  | 'undefinedError'
  | 'addExtras',
  string
> &
  RedeemTexts &
  ExtrasTexts

type Props = { locale: string; tag: string; texts: AccountTexts }

const statusKey = { trialing: 'statusTrialing', active: 'statusActive', past_due: 'statusPastDue', canceled: 'statusCanceled', expired: 'statusExpired' } as const
const blockedKey = { method: 'blockedMethod', ended: 'blockedEnded', lifetime: 'blockedLifetime' } as const

/**
 * My account: what the signed-in customer owns, read from the account API with the stored tokens
 * (the page's HTML is the same for everyone). Without a session it goes to sign-in and back.
 */
export function AccountOverview({ locale, tag, texts }: Props) {
  const ids = useId()
  const [data, setData] = useState<Overview | null>(null)
  const [failed, setFailed] = useState<string | null>(null)
  const [notes, setNotes] = useState<Record<number, string>>({})
  const [busy, setBusy] = useState<number | null>(null)
  const [canceling, setCanceling] = useState<SubscriptionView | null>(null)
  const [cancelOpen, setCancelOpen] = useState(false)
  const keep = useRef<HTMLButtonElement | null>(null)
  const [extrasFor, setExtrasFor] = useState<SubscriptionView | null>(null)
  const [extrasOpen, setExtrasOpen] = useState(false)

  const date = (iso: string) => new Intl.DateTimeFormat(tag, { dateStyle: 'long' }).format(new Date(iso))
  const money = (cents: number) => new Intl.NumberFormat(tag, { style: 'currency', currency: 'USD' }).format(cents / 100)
  const place = (region: RegionView) => {
    let country = region.countryCode
    try {
      country = (region.countryCode && new Intl.DisplayNames([tag], { type: 'region' }).of(region.countryCode)) || region.countryCode
    } catch {
      // An unknown code stays as it is.
    }
    return [region.city, country].filter(Boolean).join(', ')
  }

  const toSignIn = useCallback(() => goToSignIn(locale), [locale])
  const closeExtras = useCallback(() => setExtrasOpen(false), [])

  const load = () =>
    apiFetch<Overview>('/api/veilgate/account/overview/', { query: { locale } })
      .then(setData)
      .catch((failure: ApiFailure) => {
        if (failure.statusCode === 401) return toSignIn()
        setFailed(failure.code ? failure.message : texts.undefinedError)
      })

  useEffect(() => {
    if (!isSignedIn()) return toSignIn()
    void load()
    // The page loads once (and again after a redemption); the sign-in round trip brings the visitor back to it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const [trialNote, setTrialNote] = useState<{ text: string; failed: boolean } | null>(null)
  const trialNoteRef = useRef<HTMLParagraphElement | null>(null)
  const startTrial = async (plan: string) => {
    if (busy !== null) return
    setBusy(0)
    try {
      await apiFetch<SubscriptionView>('/api/veilgate/sales/trial-accrual/', { body: { plan, locale } })
      setTrialNote({ text: texts.trialStarted, failed: false })
      await load()
      // The button is gone with the offer: the focus goes to what happened.
      trialNoteRef.current?.focus()
    } catch (failure) {
      const answer = failure as ApiFailure
      if (answer.statusCode === 401) return toSignIn()
      setTrialNote({ text: answer.code ? answer.message : texts.undefinedError, failed: true })
    } finally {
      setBusy(null)
    }
  }

  const replace = (next: SubscriptionView) => setData((current) => (current ? { ...current, subscriptions: current.subscriptions.map((entry) => (entry.id === next.id ? next : entry)) } : current))

  const toggle = async (subscription: SubscriptionView) => {
    if (busy !== null || subscription.renewBlocked) return
    setBusy(subscription.id)
    try {
      const next = await apiFetch<SubscriptionView>(`/api/veilgate/account/subscriptions/${subscription.id}/auto-renew/`, { body: { enabled: !subscription.autoRenew, locale } })
      replace(next)
      setNotes((current) => ({ ...current, [subscription.id]: next.autoRenew ? texts.autoRenewOn : texts.autoRenewOff }))
    } catch (failure) {
      const answer = failure as ApiFailure
      if (answer.statusCode === 401) return toSignIn()
      setNotes((current) => ({ ...current, [subscription.id]: answer.code ? answer.message : texts.undefinedError }))
    } finally {
      setBusy(null)
    }
  }

  const confirmCancel = async () => {
    const subscription = canceling
    if (!subscription || busy !== null) return
    setBusy(subscription.id)
    try {
      const next = await apiFetch<SubscriptionView>(`/api/veilgate/account/subscriptions/${subscription.id}/cancel/`, { body: { locale } })
      replace(next)
      setNotes((current) => ({ ...current, [subscription.id]: fill(texts.activeUntil, { date: date(next.currentPeriodEnd) }) }))
      setCancelOpen(false)
    } catch (failure) {
      const answer = failure as ApiFailure
      if (answer.statusCode === 401) return toSignIn()
      setNotes((current) => ({ ...current, [subscription.id]: answer.code ? answer.message : texts.undefinedError }))
      setCancelOpen(false)
    } finally {
      setBusy(null)
    }
  }

  const removeDevice = async (id: number) => {
    try {
      await apiFetch(`/api/veilgate/account/devices/${id}/remove/`, { body: { locale } })
      setData((current) => (current ? { ...current, devices: current.devices.filter((device) => device.id !== id), slots: { ...current.slots, used: Math.max(0, current.slots.used - 1) } } : current))
    } catch (failure) {
      const answer = failure as ApiFailure
      if (answer.statusCode === 401) return toSignIn()
      setFailed(answer.code ? answer.message : texts.undefinedError)
    }
  }

  const signOut = async () => {
    await logout()
    window.location.assign(localizePath(locale, '/sign-in'))
  }

  const platform = typeof navigator === 'undefined' ? null : platformFromUserAgent(navigator.userAgent)
  const downloads = platform ? [platform, ...downloadPlatforms.filter((entry) => entry !== platform)] : [...downloadPlatforms]

  return (
    <div className="grid gap-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-4xl font-extrabold tracking-tight">
          {texts.title}
          <span className="mt-2 block text-lg font-medium text-muted" data-account-email>
            {/* An account bought without an e-mail is named by its number. */}
            {data ? (data.profile.email ?? texts.accountNumberIs.replace('{number}', data.profile.accountNumber ?? '')) : '\u00a0'}
          </span>
        </h1>
        {data && (
          <div className="flex flex-wrap items-center gap-4">
            <a href={localizePath(locale, '/my-account/orders')} className="text-sm font-medium text-brand-700 underline underline-offset-2">
              {texts.ordersLink}
            </a>
            <a href={localizePath(locale, '/my-account/settings')} className="text-sm font-medium text-brand-700 underline underline-offset-2">
              {texts.settingsLink}
            </a>
            <button type="button" onClick={() => void signOut()} className="rounded-md border border-line px-4 py-2 text-sm font-medium">
              {texts.signOut}
            </button>
          </div>
        )}
      </div>
      {!data && !failed && (
        <p role="status" className="text-muted">
          {texts.loading}
        </p>
      )}
      {failed && (
        <p role="alert" className="font-medium text-red-700">
          {failed}
        </p>
      )}
      {data && (
        <>
          <section aria-labelledby={`${ids}-subscriptions`} className="grid gap-4">
            <h2 id={`${ids}-subscriptions`} className="text-2xl font-bold">
              {texts.subscriptionsHeading}
            </h2>
            {data.trialOffer && (
              <div className="rounded-2xl border border-accent-300 p-6" data-trial-offer>
                <p className="text-muted">{texts.trialText}</p>
                <button type="button" className="btn-primary mt-4 px-6 py-3 aria-disabled:opacity-60" aria-disabled={busy !== null ? true : undefined} onClick={() => void startTrial(data.trialOffer!.plan)}>
                  {texts.startTrial}
                </button>
              </div>
            )}
            <p ref={trialNoteRef} tabIndex={-1} role={trialNote?.failed ? 'alert' : 'status'} className={`min-h-0 text-sm outline-none ${trialNote?.failed ? 'text-red-700' : 'text-muted'}`} data-trial-note>
              {trialNote?.text ?? ''}
            </p>
            {data.subscriptions.length === 0 ? (
              <div className="rounded-2xl border border-line p-6" data-account-empty>
                <p className="text-lg font-semibold">{texts.emptyTitle}</p>
                <p className="mt-1 text-muted">{texts.emptyText}</p>
                <a href={localizePath(locale, '/order/pickup')} className="btn-primary mt-4 inline-block px-6 py-3">
                  {texts.emptyCta}
                </a>
              </div>
            ) : (
              <ul className="grid gap-4">
                {data.subscriptions.map((subscription) => {
                  const switchId = `${ids}-renew-${subscription.id}`
                  const noteId = `${ids}-note-${subscription.id}`
                  const reason = subscription.renewBlocked ? texts[blockedKey[subscription.renewBlocked]] : null
                  const ended = subscription.status === 'canceled' || subscription.status === 'expired'
                  return (
                    <li key={subscription.id} className="rounded-2xl border border-line p-6" data-subscription={subscription.id}>
                      <h3 className="text-xl font-semibold">{subscription.plan.title}</h3>
                      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                        <dt className="text-muted">{texts.statusLabel}</dt>
                        <dd data-status>{texts[statusKey[subscription.status]]}</dd>
                        <dt className="text-muted">{texts.methodLabel}</dt>
                        <dd>{subscription.method.brand && subscription.method.last4 ? `${subscription.method.brand.replace(/^\w/, (c) => c.toUpperCase())} •••• ${subscription.method.last4}` : subscription.method.kind === 'card' ? texts.card : subscription.method.kind === 'gift' ? texts.methodGift : brandNameOf(subscription.method.kind)}</dd>
                      </dl>
                      <p className="mt-3 font-medium" data-period>
                        {subscription.lifetime
                          ? texts.lifetime
                          : subscription.renewal
                            ? fill(texts.renewsOn, { date: date(subscription.renewal.at), price: money(subscription.renewal.amount) })
                            : fill(texts.activeUntil, { date: date(subscription.currentPeriodEnd) })}
                      </p>
                      {subscription.status === 'past_due' && subscription.payHash && (
                        <p className="mt-3 rounded-xl border border-line bg-brand-50 px-4 py-3 text-sm" data-past-due>
                          {texts.pastDueNote}{' '}
                          <a href={localizePath(locale, `/order/checkout?hash=${subscription.payHash}`)} className="font-medium text-brand-700 underline underline-offset-2">
                            {texts.payNow}
                          </a>
                        </p>
                      )}
                      {subscription.addOns.length > 0 && (
                        <ul className="mt-2 list-disc ps-5 text-sm text-muted">
                          {subscription.addOns.map((line, index) => (
                            <li key={index}>{[line.title, line.region ? place(line.region) : null, line.ipRegion ? place(line.ipRegion) : null].filter(Boolean).join(' · ')}</li>
                          ))}
                        </ul>
                      )}
                      {!subscription.lifetime && (
                        <div className="mt-4 flex flex-wrap items-center gap-3">
                          <button
                            id={switchId}
                            type="button"
                            role="switch"
                            aria-checked={subscription.autoRenew}
                            disabled={Boolean(reason)}
                            aria-busy={busy === subscription.id ? true : undefined}
                            aria-describedby={reason || notes[subscription.id] ? noteId : undefined}
                            onClick={() => void toggle(subscription)}
                            className="inline-flex items-center gap-3 rounded-full text-sm font-medium disabled:opacity-60"
                          >
                            <SwitchTrack on={subscription.autoRenew} />
                            {texts.autoRenew}
                          </button>
                          {!ended && (
                            <button type="button" onClick={() => {
                                setCanceling(subscription)
                                setCancelOpen(true)
                              }} className="rounded-md border border-line px-3 py-1.5 text-sm font-medium">
                              {texts.cancel}
                            </button>
                          )}
                        </div>
                      )}
                      {subscription.status === 'active' && (
                        <button
                          type="button"
                          onClick={() => {
                            setExtrasFor(subscription)
                            setExtrasOpen(true)
                          }}
                          className="mt-3 rounded-md border border-brand-700 px-3 py-1.5 text-sm font-medium text-brand-700"
                          data-add-extras={subscription.id}
                        >
                          {texts.addExtras}
                        </button>
                      )}
                      <p id={noteId} role="status" className="mt-2 min-h-5 text-sm text-muted" data-note>
                        {notes[subscription.id] ?? reason ?? ''}
                      </p>
                    </li>
                  )
                })}
              </ul>
            )}
          </section>

          {data.subscriptions.length > 0 && (
            <section aria-labelledby={`${ids}-slots`} className="grid gap-2">
              <h2 id={`${ids}-slots`} className="text-2xl font-bold">
                {texts.slotsHeading}
              </h2>
              <p data-slots>{fill(texts.slotsText, { used: data.slots.used, total: data.slots.included + data.slots.bought, included: data.slots.included, bought: data.slots.bought })}</p>
            </section>
          )}

          <RedeemCode locale={locale} tag={tag} texts={texts} onRedeemed={() => void load()} onSignedOut={toSignIn} />

          <section aria-labelledby={`${ids}-devices`} className="grid gap-3">
            <h2 id={`${ids}-devices`} className="text-2xl font-bold">
              {texts.devicesHeading}
            </h2>
            {data.devices.length === 0 ? (
              <p className="text-muted">{texts.noDevices}</p>
            ) : (
              <ul className="grid gap-2">
                {data.devices.map((device) => (
                  <li key={device.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line px-4 py-3" data-device={device.id}>
                    <span>
                      <span className="font-medium">{device.name}</span> <span className="text-sm text-muted">· {appReleases[device.platform as keyof typeof appReleases]?.name ?? device.platform} · {fill(texts.deviceAdded, { date: date(device.addedAt) })}</span>
                    </span>
                    <button type="button" onClick={() => void removeDevice(device.id)} aria-label={`${texts.remove}: ${device.name}`} className="rounded-md border border-line px-3 py-1.5 text-sm font-medium">
                      {texts.remove}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>

          {data.services.length > 0 && (
            <section aria-labelledby={`${ids}-services`} className="grid gap-3">
              <h2 id={`${ids}-services`} className="text-2xl font-bold">
                {texts.servicesHeading}
              </h2>
              <ul className="grid gap-2">
                {data.services.map((service, index) => (
                  <li key={index} className="rounded-xl border border-line px-4 py-3" data-service={service.kind}>
                    <span className="font-medium">{service.kind === 'static-ip' ? texts.staticIp : texts.personalServer}</span>
                    {[service.region, service.ipRegion].filter((region): region is RegionView => Boolean(region)).map((region) => (
                      <span key={region.code} className="text-muted">
                        {' · '}
                        {place(region)}
                      </span>
                    ))}
                  </li>
                ))}
              </ul>
            </section>
          )}

          <section aria-labelledby={`${ids}-downloads`} className="grid gap-3">
            <h2 id={`${ids}-downloads`} className="text-2xl font-bold">
              {texts.downloadsHeading}
            </h2>
            <ul className="flex flex-wrap gap-3">
              {downloads.map((entry, index) => (
                <li key={entry}>
                  <a href={localizePath(locale, `/downloads/${entry}`)} className={index === 0 ? 'btn-primary inline-block px-5 py-2.5' : 'inline-block rounded-md border border-line px-4 py-2 text-sm font-medium'} data-download={entry}>
                    {fill(texts.downloadFor, { platform: appReleases[entry].name })}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}

      {extrasFor && (
        <Suspense fallback={null}>
          <AddExtras key={extrasFor.id} open={extrasOpen} locale={locale} tag={tag} subscription={extrasFor} texts={texts} onClose={closeExtras} onSignedOut={toSignIn} />
        </Suspense>
      )}

      {/* The safe choice takes the focus; Escape closes, and the focus goes back to Cancel. */}
      <Modal open={cancelOpen && canceling !== null} onClose={() => setCancelOpen(false)} title={texts.cancelTitle} message={canceling && fill(texts.cancelText, { date: date(canceling.currentPeriodEnd) })} initialFocus={keep} name="cancel-subscription">
        {canceling && (
          <div className="flex flex-wrap gap-3">
            <button type="button" onClick={() => void confirmCancel()} aria-busy={busy === canceling.id ? true : undefined} className="btn-primary px-5 py-2.5">
              {texts.cancelConfirm}
            </button>
            <button ref={keep} type="button" onClick={() => setCancelOpen(false)} className="rounded-md border border-line px-5 py-2.5 font-medium">
              {texts.cancelKeep}
            </button>
          </div>
        )}
      </Modal>
    </div>
  )
}
