'use client'

import { useEffect, useMemo, useSyncExternalStore } from 'react'
import { moneyFormatter } from '@/lib/money-format'
import { experimentAssignments } from '@/services/experiments/assign'
import type { PickerData } from '@/services/purchase-flow/picker'
import { chosenAddOns, clampSelection, parseSelection, selectionParams, type Selection, type Slots, type Traffic } from '@/services/purchase-flow/selection'

export type PickerTexts = {
  plansLegend: string
  perMonth: string
  free: string
  bestValue: string
  buyNow: string
  slotsLegend: string
  slotsNone: string
  slotLabels: Record<'1' | '5' | '10', string>
  extraLegend: string
  extraNone: string
  extraServer: string
  extraIp: string
  trafficLabel: string
  trafficLabels: Record<Traffic, string>
  serverRegion: string
  ipRegion: string
  noExtrasForPlan: string
  total: string
  continueToPayment: string
  notCharged: string
  contactPrompt: string
  contactLink: string
}

type Props = {
  data: PickerData
  texts: PickerTexts
  /** Locale-prefixed paths. */
  checkoutPath: string
  supportEmail: string
  /** Cards in a grid, or (view d) a compact one-column list of radio rows. */
  layout?: 'cards' | 'list'
  /** The big figure on each plan: the price per month, or the total of the period. */
  priceShown?: 'per-month' | 'total'
  /** The variant sells without an e-mail: its links to checkout carry `variant=no-email`. */
  emailOptional?: boolean
}

type Extra = 'none' | 'server' | 'ip'

const SELECTION_KEYS = ['plan', 'slots', 'server', 'region', 'ipRegion', 'bonus', 'method']
const URL_CHANGE = 'veilgate:picker-url'
function subscribeToUrl(notify: () => void) {
  window.addEventListener('popstate', notify)
  window.addEventListener(URL_CHANGE, notify)
  return () => {
    window.removeEventListener('popstate', notify)
    window.removeEventListener(URL_CHANGE, notify)
  }
}
const extraOf = (selection: Selection): Extra => (selection.server ? 'server' : selection.ipRegion ? 'ip' : 'none')

/**
 * The plan picker's island: plans as a radio group, the add-ons that go with the chosen plan, a
 * running total and the links to checkout. Rendered on the server with the default selection (the
 * links work without JavaScript); in the browser the selection is read from the URL, and every
 * change is written back with history.replaceState, so a shared link pre-selects the same.
 */
export function PlanPicker({ data, texts, checkoutPath, supportEmail, layout = 'cards', priceShown = 'per-month', emailOptional = false }: Props) {
  const { catalogue } = data
  // The URL is the selection's store: the server (and hydration) see no query, the browser its own.
  const search = useSyncExternalStore(subscribeToUrl, () => window.location.search, () => '')
  const selection = useMemo(() => parseSelection(new URLSearchParams(search), catalogue), [search, catalogue])

  useEffect(() => {
    // An experiment's exposure, tracked on mount (spec section 4), where the proxy assigned it: /order/pickup.
    if (!/\/order\/pickup\/?$/.test(window.location.pathname)) return
    for (const { experiment, variant } of experimentAssignments(document.cookie)) {
      void fetch('/api/veilgate/experiments/exposure/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ experiment, variant }),
        keepalive: true,
      }).catch(() => undefined)
    }
  }, [])

  const update = (next: Partial<Selection>) => {
    const params = selectionParams(clampSelection({ ...selection, ...next }, catalogue))
    for (const [key, value] of new URLSearchParams(window.location.search)) if (!SELECTION_KEYS.includes(key)) params.append(key, value)
    window.history.replaceState(window.history.state, '', `${window.location.pathname}?${params}`)
    window.dispatchEvent(new Event(URL_CHANGE))
  }

  const offer = catalogue.plans.find((plan) => plan.id === selection.plan)
  const prices = data.addOnPrices[selection.plan] ?? {}
  const addOnIds = chosenAddOns(selection, catalogue)
  const plan = data.plans.find((entry) => entry.id === selection.plan)
  const totalCents = (plan?.amount ?? 0) + addOnIds.reduce((sum, id) => sum + (prices[id]?.amount ?? 0), 0)
  const money = useMemo(() => moneyFormatter(data.money), [data.money])
  // A variant that sells without an e-mail says so to checkout (`variant=no-email`).
  const checkoutLink = (chosen: Selection) => {
    const params = selectionParams(chosen)
    if (emailOptional) params.set('variant', 'no-email')
    return `${checkoutPath}?${params}`
  }
  const checkoutHref = checkoutLink(selection)
  const extra = extraOf(selection)
  const slotChoices = (['1', '5', '10'] as const).filter((n) => offer?.slots[n])
  const serverTiers = offer ? (Object.keys(offer.servers) as Traffic[]) : []
  const hasExtras = slotChoices.length > 0 || serverTiers.length > 0 || Boolean(offer?.staticIp)

  /** The big figure of a plan and its unit ("per month", or none for a total or a trial). */
  const shown = (figures: PickerData['plans'][number]['figures']) => {
    if (figures.free) return { big: texts.free, unit: null }
    if (priceShown === 'total' || !figures.perMonth) return { big: figures.total, unit: null }
    return { big: figures.price, unit: texts.perMonth }
  }

  const chooseExtra = (value: Extra) => {
    if (value === 'none') update({ server: null, region: null, ipRegion: null })
    else if (value === 'server') update({ server: serverTiers[0] ?? null, region: selection.region ?? catalogue.regions[0] ?? null, ipRegion: null })
    else update({ server: null, region: null, ipRegion: catalogue.ipRegions[0] ?? null })
  }

  return (
    <div className="mt-8 grid gap-10 lg:grid-cols-[2fr_1fr]">
      <div>
        <fieldset>
          <legend className="sr-only">{texts.plansLegend}</legend>
          {layout === 'list' ? (
            <ul className="grid max-w-2xl gap-2">
              {data.plans.map((entry) => {
                const checked = entry.id === selection.plan
                const { big, unit } = shown(entry.figures)
                return (
                  <li key={entry.id} data-plan={entry.id}>
                    <label className={`flex cursor-pointer items-center gap-3 rounded-2xl border bg-white px-4 py-3 ${checked ? 'border-brand-600 ring-2 ring-brand-600' : 'border-line'}`}>
                      <input type="radio" name="plan" value={entry.id} checked={checked} onChange={() => update({ plan: entry.id })} className="size-4 shrink-0 accent-brand-600" />
                      <span className="flex flex-1 flex-col">
                        <span className="font-semibold">
                          {entry.title}
                          {entry.figures.saving && (
                            <span className="ms-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800" data-saving>
                              {entry.figures.saving}
                            </span>
                          )}
                        </span>
                        <span className="text-sm text-muted" data-terms>
                          {entry.figures.terms.join(' · ')}
                        </span>
                      </span>
                      <span className="text-end">
                        <span className="block text-xl font-bold">{big}</span>
                        {unit && <span className="block text-xs text-muted">{unit}</span>}
                      </span>
                    </label>
                  </li>
                )
              })}
            </ul>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2">
              {data.plans.map((entry) => {
                const checked = entry.id === selection.plan
                const { big, unit } = shown(entry.figures)
                return (
                  <li
                    key={entry.id}
                    data-plan={entry.id}
                    className={`relative flex flex-col rounded-3xl border bg-white p-6 ${checked ? 'border-brand-600 ring-2 ring-brand-600' : 'border-line'}`}
                  >
                    <label className="flex cursor-pointer gap-3">
                      <input
                        type="radio"
                        name="plan"
                        value={entry.id}
                        checked={checked}
                        onChange={() => update({ plan: entry.id })}
                        className="mt-1.5 size-4 shrink-0 accent-brand-600"
                      />
                      <span className="flex flex-col">
                        <span className="text-lg font-semibold">{entry.title}</span>
                        {entry.highlight && <span className="mt-1 w-fit rounded-full bg-brand-600 px-2.5 py-0.5 text-xs font-semibold text-white">{texts.bestValue}</span>}
                        {entry.figures.saving && (
                          <span className="mt-1 w-fit rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800" data-saving>
                            {entry.figures.saving}
                          </span>
                        )}
                        <span className="mt-3 flex items-baseline gap-1">
                          <span className="text-3xl font-extrabold tracking-tight" data-price>
                            {big}
                          </span>
                          {unit && <span className="text-sm text-muted">{unit}</span>}
                        </span>
                        {entry.figures.terms.map((line) => (
                          <span key={line} className="mt-1 text-sm text-muted" data-terms>
                            {line}
                          </span>
                        ))}
                      </span>
                    </label>
                    <a href={checkoutLink(clampSelection({ ...selection, plan: entry.id }, catalogue))} className="btn-outline mt-5 w-full py-2.5" data-buy-now>
                      {texts.buyNow}
                      <span className="sr-only">: {entry.title}</span>
                    </a>
                  </li>
                )
              })}
            </ul>
          )}
        </fieldset>

        {hasExtras ? (
          <div className="mt-10 grid gap-8">
            {slotChoices.length > 0 && (
              <fieldset>
                <legend className="text-lg font-semibold">{texts.slotsLegend}</legend>
                <div className="mt-3 flex flex-wrap gap-3">
                  {(['0', ...slotChoices] as const).map((n) => {
                    const id = n === '0' ? null : offer!.slots[n]!
                    return (
                      <label key={n} className={`flex cursor-pointer items-center gap-2 rounded-xl border px-4 py-2.5 ${String(selection.slots) === n ? 'border-brand-600 bg-brand-50' : 'border-line bg-white'}`}>
                        <input type="radio" name="slots" value={n} checked={String(selection.slots) === n} onChange={() => update({ slots: Number(n) as Slots })} className="size-4 accent-brand-600" />
                        <span>{n === '0' ? texts.slotsNone : texts.slotLabels[n]}</span>
                        {id && <span className="text-sm text-muted">{prices[id]?.label}</span>}
                      </label>
                    )
                  })}
                </div>
              </fieldset>
            )}

            {(serverTiers.length > 0 || offer?.staticIp) && (
              <fieldset>
                <legend className="text-lg font-semibold">{texts.extraLegend}</legend>
                <div className="mt-3 flex flex-wrap gap-3">
                  {(['none', ...(serverTiers.length ? ['server'] : []), ...(offer?.staticIp ? ['ip'] : [])] as Extra[]).map((value) => (
                    <label key={value} className={`flex cursor-pointer items-center gap-2 rounded-xl border px-4 py-2.5 ${extra === value ? 'border-brand-600 bg-brand-50' : 'border-line bg-white'}`}>
                      <input type="radio" name="extra" value={value} checked={extra === value} onChange={() => chooseExtra(value)} className="size-4 accent-brand-600" />
                      <span>{value === 'none' ? texts.extraNone : value === 'server' ? texts.extraServer : texts.extraIp}</span>
                      {value === 'ip' && offer?.staticIp && <span className="text-sm text-muted">{prices[offer.staticIp]?.label}</span>}
                    </label>
                  ))}
                </div>
                {extra === 'server' && (
                  <div className="mt-4 grid gap-4 sm:grid-cols-2">
                    <label className="grid gap-1 text-sm font-medium">
                      {texts.trafficLabel}
                      <select
                        name="server"
                        value={selection.server ?? ''}
                        onChange={(event) => update({ server: event.target.value as Traffic })}
                        className="rounded-xl border border-line bg-white px-3 py-2.5 text-base"
                      >
                        {serverTiers.map((tier) => (
                          <option key={tier} value={tier}>
                            {texts.trafficLabels[tier]} ({prices[offer!.servers[tier]!]?.label})
                          </option>
                        ))}
                      </select>
                    </label>
                    <label className="grid gap-1 text-sm font-medium">
                      {texts.serverRegion}
                      <select
                        name="region"
                        value={selection.region ?? ''}
                        onChange={(event) => update({ region: event.target.value })}
                        className="rounded-xl border border-line bg-white px-3 py-2.5 text-base"
                      >
                        {data.regions.map((entry) => (
                          <option key={entry.code} value={entry.code}>
                            {entry.label}
                          </option>
                        ))}
                      </select>
                    </label>
                  </div>
                )}
                {extra === 'ip' && (
                  <label className="mt-4 grid max-w-sm gap-1 text-sm font-medium">
                    {texts.ipRegion}
                    <select
                      name="ipRegion"
                      value={selection.ipRegion ?? ''}
                      onChange={(event) => update({ ipRegion: event.target.value })}
                      className="rounded-xl border border-line bg-white px-3 py-2.5 text-base"
                    >
                      {data.ipRegions.map((entry) => (
                        <option key={entry.code} value={entry.code}>
                          {entry.label}
                        </option>
                      ))}
                    </select>
                  </label>
                )}
              </fieldset>
            )}
          </div>
        ) : (
          <p className="mt-8 text-sm text-muted">{texts.noExtrasForPlan}</p>
        )}
      </div>

      <aside className="h-fit rounded-3xl border border-line bg-surface p-6 lg:sticky lg:top-24">
        <p className="text-lg font-semibold" aria-live="polite" aria-atomic="true" data-total suppressHydrationWarning>
          {texts.total.replace('{price}', money.format(totalCents / 100))}
        </p>
        <a href={checkoutHref} className="btn-primary mt-5 w-full py-3" data-continue>
          {texts.continueToPayment}
        </a>
        <p className="mt-2 text-center text-sm text-muted">{texts.notCharged}</p>
        <p className="mt-6 text-sm">
          {texts.contactPrompt}{' '}
          <a href={`mailto:${supportEmail}`} className="font-medium text-brand-700 underline">
            {texts.contactLink}
          </a>
        </p>
      </aside>
    </div>
  )
}
