// Price list figures: per-month prices of a plan, split into dollars and cents as cards show them.
/** A plan as the spec's price list returns it (`/sales/price-list/`). Money is integer cents. */
export type PeriodType = 'day' | 'week' | 'month' | 'year'
export type PriceListItem = {
  id: string
  cost: number
  info: { type: PeriodType; count: number }
  description: string
  title: string
  product: string
  highlight: boolean
}

/** 100 years is how lifetime plans are billed (spec section 3). */
export const isLifetime = (info: PriceListItem['info']) => info.type === 'year' && info.count >= 100

/**
 * A billing period as people say it: whole years for months in twelves (36 months → 3 years),
 * whole weeks for days in sevens (7 days → 1 week); anything else as it is stored.
 */
export function spokenPeriod(info: PriceListItem['info']): PriceListItem['info'] {
  if (info.type === 'month' && info.count >= 12 && info.count % 12 === 0) return { type: 'year', count: info.count / 12 }
  if (info.type === 'day' && info.count >= 7 && info.count % 7 === 0) return { type: 'week', count: info.count / 7 }
  return info
}

/**
 * Per-month price as shown on cards: cost/100, divided by 12 for a one-year
 * plan or by the count for month plans; other plans show their full price.
 * Returns whole dollars and two-digit cents.
 */
export function perMonth(item: Pick<PriceListItem, 'cost' | 'info'>): { dollars: string; cents: string } | null {
  const { type, count } = item.info
  let months: number | null = null
  if (type === 'year' && count === 1) months = 12
  else if (type === 'month') months = count
  if (months === null) return null
  const perMonthCents = Math.floor(item.cost / months)
  return { dollars: String(Math.floor(perMonthCents / 100)), cents: String(perMonthCents % 100).padStart(2, '0') }
}

/** Parses a purchase duration text such as "3 months" or "100 years" (lifetime is count 1). */
export function parseDuration(text: string): PriceListItem['info'] | null {
  const match = /^\s*(\d+)\s*(day|week|month|year)s?\s*$/i.exec(text)
  if (!match) return null
  const count = Number(match[1])
  const type = match[2]!.toLowerCase() as PeriodType
  if (type === 'year' && count === 100) return { type, count: 1 }
  return { type, count }
}

/** Formats cents for display in a locale (`Intl` with the locale's BCP 47 tag). */
export function formatMoney(cents: number, tag: string, currency = 'USD'): string {
  return new Intl.NumberFormat(tag, { style: 'currency', currency }).format(cents / 100)
}
