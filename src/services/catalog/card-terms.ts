// The figures and sentences a price card shows: per month, the saving, the first period and what it renews at.
import type { Card } from './cards'
import { formatMoney, isLifetime, perMonth, spokenPeriod } from './priceList'

type TermKey =
  | 'billedOnce'
  | 'billedEvery'
  | 'thenEvery'
  | 'firstPeriod'
  | 'trialThen'
  | 'trial_week'
  | 'trial_month'
  | 'trial_year'
  | 'save'
  | 'period_day'
  | 'period_week'
  | 'period_month'
  | 'period_year'
/** The `Blocks` translator of next-intl (server or client). */
type Translate = (key: TermKey, values: Record<string, string | number>) => string

/** What a pricing card shows, in one locale: the big price, "per month" or not, the saving and the terms lines. */
export type CardFigures = { price: string; total: string; perMonth: boolean; free: boolean; saving: string | null; terms: string[] }

/**
 * The figures of one card from the pricing module's quote: per month (spec rule), "Save N%",
 * one-time for lifetime, trials ("7 days free, then $4.99 a week"), a longer first period and a
 * renewal price that differs from the first one.
 */
export function cardFigures(card: Card, t: Translate, tag: string): CardFigures {
  const total = formatMoney(card.cost, tag)
  const monthly = card.trialDays ? null : perMonth(card)
  const period = (stored: { type: Card['info']['type']; count: number }) => {
    const info = spokenPeriod(stored)
    return t(`period_${info.type}`, { count: info.count })
  }
  const saving = card.quote?.savingPercent ? t('save', { percent: card.quote.savingPercent }) : null
  const figures = (terms: string[]): CardFigures => ({
    price: monthly ? formatMoney(Number(monthly.dollars) * 100 + Number(monthly.cents), tag) : total,
    total,
    perMonth: Boolean(monthly),
    free: Boolean(card.trialDays),
    saving,
    terms,
  })
  if (isLifetime(card.info)) return figures([t('billedOnce', { price: total })])
  const renewal = card.quote?.renewal
  if (card.trialDays && renewal) {
    const unit = renewal.period.count === 1 ? renewal.period.type : null
    const price = formatMoney(renewal.cost, tag)
    if (unit === 'week' || unit === 'month' || unit === 'year') return figures([t(`trial_${unit}`, { days: card.trialDays, price })])
    return figures([t('trialThen', { days: card.trialDays, price, period: period(renewal.period) })])
  }
  if (card.firstPeriodMonths && renewal) {
    return figures([t('firstPeriod', { price: total, months: card.firstPeriodMonths }), t('thenEvery', { price: formatMoney(renewal.cost, tag), period: period(renewal.period) })])
  }
  const lines = [t('billedEvery', { price: total, period: period(card.info) })]
  if (renewal && renewal.cost !== card.cost) lines.push(t('thenEvery', { price: formatMoney(renewal.cost, tag), period: period(renewal.period) }))
  return figures(lines)
}
