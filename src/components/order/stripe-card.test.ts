// Unit tests of the Stripe card module's pure parts: the Element's locale for each of ours.
import { describe, expect, it } from 'vitest'
import { locales } from '@/i18n/locales'
import { stripeLocale } from './stripe-card'

describe('the Payment Element’s locale', () => {
  it('is ours where Stripe has it, Stripe’s name where it differs, else the browser’s', () => {
    expect(['en', 'de', 'ar', 'zh', 'pt'].map(stripeLocale)).toEqual(['en', 'de', 'ar', 'zh', 'pt'])
    expect([stripeLocale('jp'), stripeLocale('no')]).toEqual(['ja', 'nb'])
    expect(['fa', 'be', 'bs', 'sr', 'ua', 'is'].map(stripeLocale)).toEqual(Array(6).fill('auto'))
    // Every locale of the site gets an answer Stripe takes.
    for (const { code } of locales) expect(stripeLocale(code)).toMatch(/^(?:auto|[a-z]{2})$/)
  })
})
