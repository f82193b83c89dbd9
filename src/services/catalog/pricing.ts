// The pricing module: what a purchase costs now, and when and at what price it renews. Pure.
import { UTCDate } from '@date-fns/utc'
import { addDays, addMonths, addWeeks, addYears } from 'date-fns'
import type { ErrorCode } from '@/lib/errors'
import type { PaymentMethod } from './methods'
import { perMonth, type PeriodType } from './priceList'

/**
 * The pricing module: what a purchase costs now, and when and at what price it renews. Pure:
 * the clock is passed in, and every amount is integer US cents. Lifetime is billed as 100 years,
 * once; dates are computed in UTC (31 January + 1 month = the end of February).
 */

export { paymentMethods, type PaymentMethod } from './methods'

/** Methods that renew by themselves (spec section 9: card and PayPal). */
export const RENEWING_METHODS: ReadonlySet<PaymentMethod> = new Set(['card', 'paypal'])

export type QuotePlan = {
  purchaseId: string
  periodType: PeriodType
  periodCount: number
  /** First period, cents. */
  cost: number
  /** Every later period; empty means `cost`. */
  renewalCost?: number | null
  /** A first period of this many months, then the plan's own period (the 15-then-12 plan). */
  firstPeriodMonths?: number | null
  /** A free trial: nothing is charged now, `rollsInto` is charged when it ends. */
  trialDays?: number | null
  rollsInto?: Omit<QuotePlan, 'rollsInto' | 'trialDays'> | null
  methods?: readonly PaymentMethod[]
}

export type QuoteAddOn = {
  purchaseId: string
  billing: 'monthly' | 'yearly' | 'lifetime'
  cost: number
  renewalCost?: number | null
}

export type QuoteBonus = { code: string; effect: 'percent' | 'fixed' | 'days'; value: number }

export type Period = { type: PeriodType; count: number }

export type QuoteLine = { id: string; kind: 'plan' | 'add-on'; amount: number; renewalAmount: number | null }

export type Quote = {
  lines: QuoteLine[]
  subtotal: number
  discount: number
  total: number
  /** The plan's price per month by the spec's card rule, or null (weeks, lifetime). */
  perMonth: { dollars: string; cents: string } | null
  /** Whole percent saved per month against the monthly plan given, or null. */
  savingPercent: number | null
  renewal: { cost: number; at: string; period: Period } | null
  trialEndsAt: string | null
  periodEndsAt: string | null
  autoRenew: boolean
}

export type QuoteInput = {
  plan: QuotePlan
  addOns?: QuoteAddOn[]
  bonusCode?: QuoteBonus | null
  method?: PaymentMethod
  now: Date
  /** The 1-month plan of the same product, tier and audience, for the saving. */
  monthlyPlan?: Pick<QuotePlan, 'cost' | 'periodType' | 'periodCount'> | null
}

export const isLifetimePlan = (plan: Pick<QuotePlan, 'periodType' | 'periodCount'>) => plan.periodType === 'year' && plan.periodCount >= 100

/** The plan's length in months (weeks and days have none). */
export function monthsOf(plan: Pick<QuotePlan, 'periodType' | 'periodCount'>): number | null {
  if (plan.periodType === 'month') return plan.periodCount
  if (plan.periodType === 'year' && !isLifetimePlan(plan)) return plan.periodCount * 12
  return null
}

/** `date` plus a period, in UTC; month arithmetic ends on the last day of a shorter month. */
export function addPeriod(date: Date, period: Period): Date {
  const utc = new UTCDate(date.getTime())
  const moved =
    period.type === 'day'
      ? addDays(utc, period.count)
      : period.type === 'week'
        ? addWeeks(utc, period.count)
        : period.type === 'month'
          ? addMonths(utc, period.count)
          : addYears(utc, period.count)
  return new Date(moved.getTime())
}

/** Half up to the cent: 10 % of 8999 is 900 (899.9), of 8995 is 900 (899.5). */
export const percentOf = (cents: number, percent: number) => Math.floor((cents * percent) / 100 + 0.5)

/**
 * How many times an add-on's own price one plan period takes: monthly add-ons go with plans
 * billed in months (N months, N times), yearly ones with yearly plans (k years, or 12·k months,
 * k times), lifetime ones with lifetime plans. Null: it does not fit.
 */
export function addOnMultiplier(plan: Pick<QuotePlan, 'periodType' | 'periodCount'>, addOn: Pick<QuoteAddOn, 'billing'>): number | null {
  if (isLifetimePlan(plan)) return addOn.billing === 'lifetime' ? 1 : null
  const months = monthsOf(plan)
  if (months === null) return null
  if (addOn.billing === 'monthly' && plan.periodType === 'month') return months
  if (addOn.billing === 'yearly' && months % 12 === 0) return months / 12
  return null
}

/** The quote of one purchase, or the catalogue code of what is wrong with it. */
export function quote(input: QuoteInput): Quote | { error: ErrorCode } {
  const { plan, addOns = [], bonusCode, method, now } = input
  if (method && plan.methods && !plan.methods.includes(method)) return { error: 'INVALID_INPUT' }
  const lifetime = isLifetimePlan(plan)
  const trial = Boolean(plan.trialDays && plan.trialDays > 0)
  if (trial && addOns.length) return { error: 'INVALID_INPUT' }

  const lines: QuoteLine[] = [
    { id: plan.purchaseId, kind: 'plan', amount: trial ? 0 : plan.cost, renewalAmount: lifetime ? null : (plan.renewalCost ?? plan.cost) },
  ]
  for (const addOn of addOns) {
    const times = addOnMultiplier(plan, addOn)
    if (times === null) return { error: 'INVALID_INPUT' }
    lines.push({
      id: addOn.purchaseId,
      kind: 'add-on',
      amount: addOn.cost * times,
      renewalAmount: addOn.billing === 'lifetime' ? null : (addOn.renewalCost ?? addOn.cost) * times,
    })
  }
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0)

  let discount = 0
  let extraDays = 0
  if (bonusCode) {
    if (bonusCode.effect === 'percent') {
      if (!(bonusCode.value > 0 && bonusCode.value <= 100)) return { error: 'INVALID_AMOUNT_NEW_BONUS_CODE' }
      discount = percentOf(subtotal, bonusCode.value)
    } else if (bonusCode.effect === 'fixed') {
      if (!(bonusCode.value > 0) || bonusCode.value > subtotal) return { error: 'INVALID_AMOUNT_NEW_BONUS_CODE' }
      discount = bonusCode.value
    } else {
      extraDays = Math.max(0, Math.floor(bonusCode.value))
    }
  }
  const total = subtotal - discount

  const ownPeriod: Period = { type: plan.periodType, count: plan.periodCount }
  let trialEndsAt: Date | null = null
  let periodEndsAt: Date | null = null
  let renewal: Quote['renewal'] = null
  if (trial) {
    trialEndsAt = addPeriod(now, { type: 'day', count: plan.trialDays! })
    periodEndsAt = addPeriod(trialEndsAt, { type: 'day', count: extraDays })
    const next = plan.rollsInto ?? plan
    renewal = { cost: next.renewalCost ?? next.cost, at: periodEndsAt.toISOString(), period: { type: next.periodType, count: next.periodCount } }
  } else if (!lifetime) {
    const first: Period = plan.firstPeriodMonths ? { type: 'month', count: plan.firstPeriodMonths } : ownPeriod
    periodEndsAt = addPeriod(addPeriod(now, first), { type: 'day', count: extraDays })
    const renewalCost = lines.reduce((sum, line) => sum + (line.renewalAmount ?? 0), 0)
    renewal = { cost: renewalCost, at: periodEndsAt.toISOString(), period: ownPeriod }
  }

  const shown = perMonth({ cost: plan.cost, info: { type: plan.periodType, count: plan.periodCount } })
  let savingPercent: number | null = null
  const months = plan.firstPeriodMonths ?? monthsOf(plan)
  const reference = input.monthlyPlan
  if (!trial && months && months > 1 && reference && monthsOf(reference) === 1 && reference.cost > 0) {
    savingPercent = Math.round((1 - plan.cost / months / reference.cost) * 100)
    if (savingPercent <= 0) savingPercent = null
  }

  return {
    lines,
    subtotal,
    discount,
    total,
    perMonth: trial ? null : shown,
    savingPercent,
    renewal,
    trialEndsAt: trialEndsAt?.toISOString() ?? null,
    periodEndsAt: periodEndsAt?.toISOString() ?? null,
    autoRenew: !lifetime && Boolean(method && RENEWING_METHODS.has(method)),
  }
}

const DAY_MS = 24 * 60 * 60 * 1000

export type ProrateInput = {
  plan: Pick<QuotePlan, 'periodType' | 'periodCount'>
  addOn: QuoteAddOn
  /** The subscription's current period. */
  periodStart: Date
  periodEnd: Date
  now: Date
}

/**
 * An add-on added to a subscription that runs: its price for one period of the subscription's
 * plan (as `addOnMultiplier()` gives it) × the days left to the period's end ÷ the days of the
 * current period, half up to the cent. A day begun counts whole (the last day costs one day, not
 * nothing). A lifetime subscription takes lifetime add-ons at their full price. The renewal
 * amount is a whole period's, charged with the plan from the next period. Null: the add-on does
 * not fit the plan, or the period has ended.
 */
export function prorate(input: ProrateInput): { amount: number; renewalAmount: number | null } | null {
  const times = addOnMultiplier(input.plan, input.addOn)
  if (times === null) return null
  const full = input.addOn.cost * times
  if (isLifetimePlan(input.plan)) return { amount: full, renewalAmount: null }
  const total = Math.round((input.periodEnd.getTime() - input.periodStart.getTime()) / DAY_MS)
  const left = Math.min(total, Math.ceil((input.periodEnd.getTime() - input.now.getTime()) / DAY_MS))
  if (total <= 0 || left <= 0) return null
  // Half up in integers: (2·full·left + total) ÷ 2·total, floored.
  return { amount: Math.floor((2 * full * left + total) / (2 * total)), renewalAmount: (input.addOn.renewalCost ?? input.addOn.cost) * times }
}
