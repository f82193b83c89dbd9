// The order summary: the plan and add-ons (or the unpaid order's lines), the total, trial and renewal, and a bonus code.
import { useState } from 'react'
import { localizePath } from '@/i18n/paths'
import type { PickerData } from '@/services/purchase-flow/picker'
import { selectionParams } from '@/services/purchase-flow/selection'
import { URL_CHANGE } from './browser'
import { extrasReasonKey } from './extras'
import type { CheckoutState } from './useCheckout'

const regionLabel = (code: string | null, list: PickerData['regions']) => (code ? list.find((entry) => entry.code === code)?.label ?? code : null)

function Line({ label, amount }: { label: string; amount: string | undefined }) {
  return (
    <div className="flex justify-between gap-4">
      <dt>{label}</dt>
      <dd>{amount}</dd>
    </div>
  )
}

export function SummarySection({ c }: { c: CheckoutState }) {
  const { texts, ids, data, selection, money, dates, fromOrder, quote, plan, addOnIds, prices, total, locale, extras, attached } = c
  const [bonusOpen, setBonusOpen] = useState(false)
  const [bonusInput, setBonusInput] = useState('')
  const [bonusError, setBonusError] = useState<string | null>(null)
  const allRegions = [...data.regions, ...data.ipRegions]
  const offer = data.catalogue.plans.find((entry) => entry.id === selection.plan)
  const isServer = (id: string) => Object.values(offer?.servers ?? {}).includes(id)

  /** Checks a bonus code for the plan (`check-new-bonus-code/`); an accepted one joins the URL's selection and the total. */
  const applyBonus = async () => {
    const code = bonusInput.trim()
    if (!code) return setBonusError(texts.required)
    const response = await fetch('/api/veilgate/sales/check-new-bonus-code/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code, plan: selection.plan, locale }),
    }).catch(() => null)
    const answer = (await response?.json().catch(() => ({}))) as { code?: string; message?: string } | undefined
    if (!response?.ok || !answer?.code) return setBonusError(answer?.message || texts.required)
    setBonusError(null)
    const params = new URLSearchParams(window.location.search)
    params.set('bonus', answer.code)
    window.history.replaceState(window.history.state, '', `${window.location.pathname}?${params}`)
    window.dispatchEvent(new Event(URL_CHANGE))
  }

  const renewal = fromOrder
    ? fromOrder.renewal
      ? texts.renews.replace('{price}', money.format(fromOrder.renewal.amount / 100)).replace('{date}', dates.format(new Date(fromOrder.renewal.at)))
      : texts.oneTime
    : quote?.renewal ? texts.renews.replace('{price}', money.format(quote.renewal.cost / 100)).replace('{date}', dates.format(new Date(quote.renewal.at))) : quote ? texts.oneTime : null

  return (
    <aside className="h-fit rounded-xl border border-line p-6" aria-labelledby={`${ids}-summary`}>
      <h2 id={`${ids}-summary`} className="text-xl font-bold">
        {texts.summaryHeading}
      </h2>
      {extras && !fromOrder ? (
        <div className="mt-4 grid gap-2" data-extras-summary>
          {attached?.possible && (
            <>
              <p className="font-medium" data-added-to>
                {texts.addedTo.replace('{plan}', attached.plan.title).replace('{date}', dates.format(new Date(attached.periodEnd)))}
              </p>
              <dl className="grid gap-2">
                {attached.lines.map((line) => (
                  <Line key={line.id} label={`${texts.addOnLabels[line.id] ?? line.id}${line.region ? ` · ${regionLabel(line.region, allRegions)}` : ''}`} amount={money.format(line.amount / 100)} />
                ))}
                <div className="flex justify-between gap-4 border-t border-line pt-2 font-bold">
                  <dt>{texts.total}</dt>
                  <dd data-total>{money.format(attached.total / 100)}</dd>
                </div>
              </dl>
            </>
          )}
          {attached && !attached.possible && (
            <p role="status" data-extras-refused>
              {texts[extrasReasonKey[attached.reason]]}
            </p>
          )}
          <a href={localizePath(locale, '/my-account')} className="mt-2 inline-block text-sm underline">
            {texts.backToAccount}
          </a>
        </div>
      ) : fromOrder ? (
        <dl className="mt-4 grid gap-2" data-order-summary>
          {fromOrder.lines.map((line) => (
            <Line
              key={line.id}
              label={`${(line.kind === 'plan' ? data.plans.find((entry) => entry.id === line.id)?.title : texts.addOnLabels[line.id]) ?? line.id}${line.region ? ` · ${regionLabel(line.region, allRegions)}` : ''}`}
              amount={money.format(line.amount / 100)}
            />
          ))}
          {fromOrder.discount > 0 && <Line label="−" amount={`−${money.format(fromOrder.discount / 100)}`} />}
          <div className="flex justify-between gap-4 border-t border-line pt-2 font-bold">
            <dt>{texts.total}</dt>
            <dd data-total>{money.format(fromOrder.total / 100)}</dd>
          </div>
        </dl>
      ) : (
        <dl className="mt-4 grid gap-2">
          <Line label={plan?.title ?? selection.plan} amount={money.format((plan?.amount ?? 0) / 100)} />
          {addOnIds.map((id) => (
            <div key={id} className="flex justify-between gap-4">
              <dt>
                {texts.addOnLabels[id] ?? id}
                {isServer(id) && selection.region ? ` · ${regionLabel(selection.region, data.regions)}` : ''}
                {id === offer?.staticIp && selection.ipRegion ? ` · ${regionLabel(selection.ipRegion, data.ipRegions)}` : ''}
              </dt>
              <dd>{prices[id]?.label.replace(/^\+/, '')}</dd>
            </div>
          ))}
          {quote && quote.discount > 0 && selection.bonus && <Line label={selection.bonus} amount={`−${money.format(quote.discount / 100)}`} />}
          <div className="flex justify-between gap-4 border-t border-line pt-2 font-bold">
            <dt>{texts.total}</dt>
            <dd data-total>{money.format(total / 100)}</dd>
          </div>
        </dl>
      )}
      {!fromOrder && quote?.trialEndsAt && (
        <p className="mt-3 text-sm" data-trial>
          {texts.trialEnds.replace('{date}', dates.format(new Date(quote.trialEndsAt)))}
        </p>
      )}
      {!extras && renewal && <p className="mt-3 text-sm text-muted">{renewal}</p>}
      {!fromOrder && !extras && (
        <div className="mt-4">
          {bonusOpen ? (
            <div className="grid gap-1">
              <label htmlFor={`${ids}-bonus`} className="text-sm font-medium">
                {texts.bonusLabel}
              </label>
              <div className="flex gap-2">
                <input
                  id={`${ids}-bonus`}
                  value={bonusInput}
                  autoComplete="off"
                  aria-invalid={bonusError ? true : undefined}
                  aria-describedby={bonusError ? `${ids}-bonus-error` : undefined}
                  onChange={(event) => setBonusInput(event.target.value)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') {
                      event.preventDefault()
                      void applyBonus()
                    }
                  }}
                  className="min-w-0 flex-1 rounded-md border border-line bg-white px-3 py-2 text-base aria-invalid:border-red-700"
                />
                <button type="button" onClick={() => void applyBonus()} className="rounded-md border border-line px-4 py-2 font-semibold">
                  {texts.bonusApply}
                </button>
              </div>
              {bonusError && (
                <p id={`${ids}-bonus-error`} role="alert" className="text-sm text-red-700">
                  {bonusError}
                </p>
              )}
            </div>
          ) : (
            <button type="button" aria-expanded="false" onClick={() => setBonusOpen(true)} className="text-sm font-medium underline">
              {texts.bonusToggle}
            </button>
          )}
        </div>
      )}
      {!extras && (
        <a href={`${localizePath(locale, '/order/pickup')}?${selectionParams(selection)}`} className="mt-4 inline-block text-sm underline">
          {texts.changePlan}
        </a>
      )}
    </aside>
  )
}
