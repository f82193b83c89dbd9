// Unit tests: billing periods as people say them, in en, ru, ar and jp, through the real messages.
import { createTranslator } from 'next-intl'
import { describe, expect, it } from 'vitest'
import ar from '@messages/ar.json'
import en from '@messages/en.json'
import jp from '@messages/jp.json'
import ru from '@messages/ru.json'
import { spokenPeriod, type PeriodType } from './priceList'

const periods: [PeriodType, number][] = [
  ['day', 7],
  ['week', 1],
  ['month', 1],
  ['month', 2],
  ['month', 3],
  ['month', 6],
  ['month', 12],
  ['year', 1],
  ['month', 24],
  ['month', 36],
  ['year', 3],
]

function billed(messages: typeof en, locale: string, type: PeriodType, count: number) {
  const t = createTranslator({ locale, messages, namespace: 'Blocks' })
  const info = spokenPeriod({ type, count })
  return t('billedEvery', { price: '$1', period: t(`period_${info.type}`, { count: info.count }) })
}

const expected: Record<string, string[]> = {
  en: ['$1 billed every week', '$1 billed every week', '$1 billed every month', '$1 billed every 2 months', '$1 billed every 3 months', '$1 billed every 6 months', '$1 billed every year', '$1 billed every year', '$1 billed every 2 years', '$1 billed every 3 years', '$1 billed every 3 years'],
  ru: ['$1 — оплата раз в неделю', '$1 — оплата раз в неделю', '$1 — оплата раз в месяц', '$1 — оплата раз в 2 месяца', '$1 — оплата раз в 3 месяца', '$1 — оплата раз в 6 месяцев', '$1 — оплата раз в год', '$1 — оплата раз в год', '$1 — оплата раз в 2 года', '$1 — оплата раз в 3 года', '$1 — оплата раз в 3 года'],
  ar: ['يُدفع مبلغ $1 كل أسبوع', 'يُدفع مبلغ $1 كل أسبوع', 'يُدفع مبلغ $1 كل شهر', 'يُدفع مبلغ $1 كل شهرين', 'يُدفع مبلغ $1 كل 3 أشهر', 'يُدفع مبلغ $1 كل 6 أشهر', 'يُدفع مبلغ $1 كل سنة', 'يُدفع مبلغ $1 كل سنة', 'يُدفع مبلغ $1 كل سنتين', 'يُدفع مبلغ $1 كل 3 سنوات', 'يُدفع مبلغ $1 كل 3 سنوات'],
  jp: ['$1 を毎週請求', '$1 を毎週請求', '$1 を毎月請求', '$1 を2か月ごとに請求', '$1 を3か月ごとに請求', '$1 を6か月ごとに請求', '$1 を毎年請求', '$1 を毎年請求', '$1 を2年ごとに請求', '$1 を3年ごとに請求', '$1 を3年ごとに請求'],
}
const messages = { en, ru, ar, jp } as Record<string, typeof en>
const tags: Record<string, string> = { en: 'en', ru: 'ru', ar: 'ar', jp: 'ja' }

describe('billing periods as people say them', () => {
  it('turns months in twelves into years and days in sevens into weeks, and leaves the rest', () => {
    expect(spokenPeriod({ type: 'month', count: 36 })).toEqual({ type: 'year', count: 3 })
    expect(spokenPeriod({ type: 'month', count: 12 })).toEqual({ type: 'year', count: 1 })
    expect(spokenPeriod({ type: 'day', count: 14 })).toEqual({ type: 'week', count: 2 })
    expect(spokenPeriod({ type: 'month', count: 15 })).toEqual({ type: 'month', count: 15 })
    expect(spokenPeriod({ type: 'day', count: 30 })).toEqual({ type: 'day', count: 30 })
  })

  for (const locale of Object.keys(expected)) {
    it(`says every period in ${locale}`, () => {
      expect(periods.map(([type, count]) => billed(messages[locale]!, tags[locale]!, type, count))).toEqual(expected[locale])
    })
  }
})
