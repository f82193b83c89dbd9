'use client'
// "Add extras" on a subscription: device slots, a personal server or a static IP, each choice
// priced live by `check-upgrade-possibility/`, then on to checkout with `attachTo`. Its own chunk:
// the account page loads it when the dialog first opens.

import { useEffect, useId, useMemo, useState } from 'react'
import { Modal } from '@/components/ui/Modal.client'
import { localizePath } from '@/i18n/paths'
import { apiFetch, type ApiFailure } from '@/lib/session.client'
import { extrasReasonKey } from '@/components/order/checkout/extras'
import type { ExtrasRefusal } from '@/services/orders/extras'
import { fill } from './fill'

export type ExtrasTexts = Record<
  | 'extrasTitle'
  | 'extrasSlots'
  | 'extrasNone'
  | 'extrasMore'
  | 'personalServer'
  | 'staticIp'
  | 'extrasTraffic'
  | 'extrasLocation'
  | 'extrasChecking'
  | 'extrasTotal'
  | 'extrasRenewal'
  | 'extrasContinue'
  | 'extrasClose'
  | 'extrasChoose'
  | 'extrasEnded'
  | 'extrasTrial'
  | 'extrasRenewing'
  | 'extrasNotAvailable'
  | 'extrasOwned'
  | 'undefinedError',
  string
>

type Tariff = { id: string; title: string; traffic: string | null; quantity: number }
type Region = { code: string; country: string; city: string }
type Offer = { tariffs: Tariff[]; regions: Region[] }
type Checked = { possible: true; lines: { id: string; amount: number; renewalAmount: number | null; region: string | null }[]; total: number; periodEnd: string } | { possible: false; reason: ExtrasRefusal }

type Props = {
  open: boolean
  locale: string
  tag: string
  subscription: { id: number; plan: { title: string } }
  texts: ExtrasTexts
  onClose: () => void
  onSignedOut: () => void
}

/** The choice as the API and checkout's URL name it. */
function choiceQuery(slots: string, service: string, tier: string, region: string): Record<string, string | number> {
  return {
    ...(slots !== '0' ? { slots: Number(slots) } : {}),
    ...(service === 'server' && tier && region ? { server: tier, region } : {}),
    ...(service === 'ip' && region ? { ipRegion: region } : {}),
  }
}

export default function AddExtras({ open, locale, tag, subscription, texts, onClose, onSignedOut }: Props) {
  const ids = useId()
  const [offers, setOffers] = useState<{ slots: Offer; server: Offer; ip: Offer } | null>(null)
  const [slots, setSlots] = useState('0')
  const [service, setService] = useState<'none' | 'server' | 'ip'>('none')
  const [tier, setTier] = useState('')
  const [region, setRegion] = useState('')
  /** The last answer, with the choice it priced: while it is not the current choice's, a price is being checked. */
  const [answered, setAnswered] = useState<{ key: string; checked: Checked | null; failure: string | null; field?: string } | null>(null)
  const [offersFailed, setOffersFailed] = useState(false)

  const money = (cents: number) => new Intl.NumberFormat(tag, { style: 'currency', currency: 'USD' }).format(cents / 100)
  const date = (iso: string) => new Intl.DateTimeFormat(tag, { dateStyle: 'long' }).format(new Date(iso))

  // What can be chosen: the add-ons of each kind, with their titles, and where servers and static IPs can be.
  useEffect(() => {
    const offer = (name: string) => apiFetch<Offer>('/api/veilgate/sales/price-service/', { body: { service: name, locale } })
    Promise.all([offer('SLOTS'), offer('VPNSERVER'), offer('STATICIP')])
      .then(([slotOffer, server, ip]) => {
        setOffers({ slots: slotOffer, server, ip })
        setTier((current) => current || (server.tariffs.find((tariff) => tariff.traffic === 'unlimited') ?? server.tariffs[0])?.traffic || '')
      })
      .catch(() => setOffersFailed(true))
  }, [locale])

  const query = useMemo(() => choiceQuery(slots, service, tier, region), [slots, service, tier, region])
  const key = JSON.stringify(query)
  // Each choice priced by the server (what checkout will charge); nothing chosen asks whether extras are possible at all.
  useEffect(() => {
    if (!open) return
    let live = true
    apiFetch<Checked>('/api/veilgate/sales/check-upgrade-possibility/', { body: { subscription: subscription.id, ...query, locale } })
      .then((answer) => live && setAnswered({ key: JSON.stringify(query), checked: answer, failure: null }))
      .catch((error: ApiFailure) => {
        if (!live) return
        if (error.statusCode === 401) return onSignedOut()
        setAnswered({ key: JSON.stringify(query), checked: null, failure: error.code ? error.message : texts.undefinedError, field: error.field })
      })
    return () => {
      live = false
    }
  }, [open, subscription.id, query, locale, onSignedOut, texts.undefinedError])
  const checking = answered?.key !== key
  const checked = answered?.checked ?? null
  const failure = offersFailed ? texts.undefinedError : (answered?.failure ?? null)
  /** A location or tier the server refused: marked on its field, the message (in the dialog's live region) describing it. */
  const refused = !checking && answered?.failure ? answered.field : undefined
  const invalid = (names: string[]) => (refused && names.includes(refused) ? { 'aria-invalid': true as const, 'aria-describedby': `${ids}-refused` } : {})

  const titles = new Map([...(offers?.slots.tariffs ?? []), ...(offers?.server.tariffs ?? []), ...(offers?.ip.tariffs ?? [])].map((tariff) => [tariff.id, tariff.title]))
  const tiers = [...new Map((offers?.server.tariffs ?? []).filter((tariff) => tariff.traffic).map((tariff) => [tariff.traffic!, tariff.title])).entries()]
  const regions = service === 'server' ? (offers?.server.regions ?? []) : service === 'ip' ? (offers?.ip.regions ?? []) : []
  const place = (code: string | null) => {
    const found = code ? [...(offers?.server.regions ?? []), ...(offers?.ip.regions ?? [])].find((entry) => entry.code === code) : null
    return found ? `${found.city}, ${found.country}` : code
  }
  const renewal = checked?.possible ? checked.lines.reduce((sum, line) => sum + (line.renewalAmount ?? 0), 0) : 0
  const canPay = checked?.possible === true && checked.lines.length > 0 && !checking
  const status = (refused ? null : failure) ?? (checked && !checked.possible ? texts[extrasReasonKey[checked.reason]] : checking ? texts.extrasChecking : '')

  const proceed = () => {
    if (!canPay) return
    const target = new URL(localizePath(locale, '/order/checkout'), window.location.origin)
    target.searchParams.set('attachTo', String(subscription.id))
    for (const [name, value] of Object.entries(query)) target.searchParams.set(name, String(value))
    window.location.assign(target.href)
  }

  const field = 'rounded-md border border-line bg-white px-3 py-2 text-base'
  return (
    <Modal open={open} onClose={onClose} title={fill(texts.extrasTitle, { plan: subscription.plan.title })} message={status} name="add-extras">
      <form
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault()
          proceed()
        }}
      >
        <fieldset className="grid gap-2">
          <legend className="font-semibold">{texts.extrasSlots}</legend>
          <div className="flex flex-wrap gap-3">
            {['0', '1', '5', '10'].map((value) => (
              <label key={value} className="inline-flex items-center gap-2">
                <input type="radio" name={`${ids}-slots`} value={value} checked={slots === value} onChange={() => setSlots(value)} />
                {value === '0' ? texts.extrasNone : `+${value}`}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="grid gap-2">
          <legend className="font-semibold">{texts.extrasMore}</legend>
          <div className="flex flex-wrap gap-3">
            {(
              [
                ['none', texts.extrasNone],
                ['server', texts.personalServer],
                ['ip', texts.staticIp],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="inline-flex items-center gap-2">
                <input
                  type="radio"
                  name={`${ids}-service`}
                  value={value}
                  checked={service === value}
                  onChange={() => {
                    setService(value)
                    setRegion('')
                  }}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        {service === 'server' && (
          <div className="grid gap-1">
            <label htmlFor={`${ids}-tier`} className="text-sm font-medium">
              {texts.extrasTraffic}
            </label>
            <select id={`${ids}-tier`} value={tier} onChange={(event) => setTier(event.target.value)} className={field} {...invalid(['server'])}>
              {tiers.map(([traffic, title]) => (
                <option key={traffic} value={traffic}>
                  {title}
                </option>
              ))}
            </select>
          </div>
        )}
        {service !== 'none' && (
          <div className="grid gap-1">
            <label htmlFor={`${ids}-region`} className="text-sm font-medium">
              {texts.extrasLocation}
            </label>
            <select id={`${ids}-region`} value={region} onChange={(event) => setRegion(event.target.value)} className={field} data-extras-region {...invalid(['region', 'ipRegion'])}>
              <option value="">{texts.extrasChoose}</option>
              {regions.map((entry) => (
                <option key={entry.code} value={entry.code}>
                  {`${entry.city}, ${entry.country}`}
                </option>
              ))}
            </select>
          </div>
        )}
        {/* The lines wait for the offers too: they carry the names (a quick price must not show a tariff's id). */}
        {checked?.possible && checked.lines.length > 0 && offers && (
          <div className="grid gap-1 rounded-xl border border-line p-4 text-sm" data-extras-lines aria-busy={checking ? true : undefined}>
            <dl className="grid gap-1">
            {checked.lines.map((line) => (
              <div key={line.id} className="flex justify-between gap-4">
                <dt>{[titles.get(line.id) ?? line.id, line.region ? place(line.region) : null].filter(Boolean).join(' · ')}</dt>
                <dd>{money(line.amount)}</dd>
              </div>
            ))}
            <div className="flex justify-between gap-4 border-t border-line pt-1 font-bold">
              <dt>{fill(texts.extrasTotal, { date: date(checked.periodEnd) })}</dt>
              <dd data-extras-total>{money(checked.total)}</dd>
            </div>
            </dl>
            {renewal > 0 && <p className="text-muted">{fill(texts.extrasRenewal, { price: money(renewal) })}</p>}
          </div>
        )}
        {refused && (
          <p id={`${ids}-refused`} role="alert" className="text-sm text-red-700">
            {failure}
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          <button type="submit" aria-disabled={canPay ? undefined : true} className="btn-primary px-5 py-2.5 aria-disabled:opacity-60">
            {texts.extrasContinue}
          </button>
          <button type="button" onClick={onClose} className="rounded-md border border-line px-5 py-2.5 font-medium">
            {texts.extrasClose}
          </button>
        </div>
      </form>
    </Modal>
  )
}
