// Unit tests of the e-mail templates in every locale.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { formatDate, offsetMinutes, siteLink } from './templates/content'
import { renderEmail, templateNames, type TemplateData, type TemplateName } from './templates'

const samples: { [K in TemplateName]: TemplateData[K] } = {
  'confirm-address': { url: '/confirm-email?token=abc123' },
  'fast-login': { url: '/sign-in/fast?token=fl-42', code: '731904', minutes: 15 },
  'password-reset': { url: '/reset-password?token=rs-77', minutes: 60 },
  'lockout-notice': { url: '/forgot-password?from=lockout', until: '2026-11-24T18:30:00Z' },
  'password-changed': { at: '2026-11-24T09:05:00Z', url: '/forgot-password?from=changed' },
  'email-change-notice': { newEmail: 'new.address@example.com', at: '2026-11-24T09:05:00Z', url: '/my-account/settings' },
  receipt: {
    plan: 'VPN, 1 year',
    addOns: ['5 device slots', 'Static IP'],
    total: '$161.75',
    card: { brand: 'Visa', last4: '4242' },
    renewal: { at: '2027-11-24T09:05:00Z', price: '$161.75' },
    url: '/payment-success?hash=abc',
  },
  'newsletter-confirm': { url: '/newsletter/confirm?token=nl-token-1', days: 7 },
  'payment-failed': { plan: 'VPN, 1 month', amount: '$12.99', method: 'card', card: { brand: 'Visa', last4: '0341' }, url: '/order/checkout?hash=renewal123', retryAt: '2026-12-27T09:05:00Z' },
  'payment-action-required': { plan: 'VPN, 1 month', amount: '$12.99', method: 'card', card: { brand: 'Visa', last4: '3184' }, url: 'https://invoice.stripe.com/i/acct_1/in_42' },
  'renewal-reminder': { plan: 'VPN, 1 year', amount: '$99.00', date: '2027-11-23T09:05:00Z', method: 'card', card: { brand: 'Visa', last4: '4242' }, url: '/my-account' },
  'trial-ending': { plan: 'VPN, 1 week', amount: '$4.99', date: '2027-01-08T09:05:00Z', method: 'paypal', card: null, url: '/my-account' },
  'plan-ending': { plan: 'VPN, 1 month', date: '2027-02-01T09:05:00Z', url: '/order/checkout?plan=vpn-1m&slots=5' },
  'refund-issued': { plan: 'VPN, 1 year', amount: '$99.00', method: 'Visa •••• 4242', url: '/my-account/orders' },
  'referral-reward': { days: 30, plan: 'VPN, 1 year', date: '2027-12-24T09:05:00Z', url: '/my-account' },
  'oem-request-received': { url: '/extras/vpn-for-business' },
  'config-request-received': { platform: 'Linux', protocol: 'WireGuard', url: '/help/manuals' },
}

/** What each variable must look like in the message (links absolute, dates in the customer's zone). */
const expected: Record<TemplateName, (locale: string) => string[]> = {
  'confirm-address': () => ['http://localhost:3000/confirm-email?token=abc123'],
  'fast-login': () => ['http://localhost:3000/sign-in/fast?token=fl-42', '731904', '15'],
  'password-reset': () => ['http://localhost:3000/reset-password?token=rs-77', '60'],
  'lockout-notice': () => ['http://localhost:3000/forgot-password?from=lockout', '(UTC+02:00)'],
  'password-changed': () => ['http://localhost:3000/forgot-password?from=changed', '(UTC+02:00)'],
  'email-change-notice': () => ['http://localhost:3000/my-account/settings', 'new.address@example.com', '(UTC+02:00)'],
  receipt: () => ['http://localhost:3000/payment-success?hash=abc', 'VPN, 1 year', '5 device slots, Static IP', '$161.75', 'Visa •••• 4242', '(UTC+02:00)'],
  'newsletter-confirm': () => ['http://localhost:3000/newsletter/confirm?token=nl-token-1', '7'],
  'payment-failed': () => ['http://localhost:3000/order/checkout?hash=renewal123', 'VPN, 1 month', '$12.99', 'Visa •••• 0341', '(UTC+02:00)'],
  'payment-action-required': () => ['https://invoice.stripe.com/i/acct_1/in_42', 'VPN, 1 month', '$12.99', 'Visa •••• 3184'],
  'renewal-reminder': () => ['http://localhost:3000/my-account', 'VPN, 1 year', '$99.00', 'Visa •••• 4242', '(UTC+02:00)'],
  'trial-ending': () => ['http://localhost:3000/my-account', 'VPN, 1 week', '$4.99', 'PayPal', '(UTC+02:00)'],
  'plan-ending': () => ['http://localhost:3000/order/checkout?plan=vpn-1m&slots=5', 'VPN, 1 month', '(UTC+02:00)'],
  'refund-issued': () => ['http://localhost:3000/my-account/orders', 'VPN, 1 year', '$99.00', 'Visa •••• 4242'],
  'referral-reward': () => ['http://localhost:3000/my-account', 'VPN, 1 year', '30', '(UTC+02:00)'],
  'oem-request-received': () => ['http://localhost:3000/extras/vpn-for-business'],
  'config-request-received': () => ['http://localhost:3000/help/manuals', 'Linux', 'WireGuard'],
}

const decode = (html: string) => html.replace(/&amp;/g, '&')

describe('e-mail templates', () => {
  for (const template of templateNames) {
    for (const locale of ['en', 'de', 'ar']) {
      it(`${template} in ${locale} carries every variable in text and HTML`, async () => {
        const mail = await renderEmail(template, samples[template] as never, { locale, timezone: '+0200' })
        expect(mail.subject.length).toBeGreaterThan(3)
        for (const value of expected[template](locale)) {
          expect(mail.text).toContain(value)
          expect(decode(mail.html)).toContain(value)
        }
        expect(mail.html).toContain(`lang="${locale}"`)
        expect(mail.html).toContain(locale === 'ar' ? 'dir="rtl"' : 'dir="ltr"')
        expect(mail.html).toContain('support@veilgate.com')
        expect(mail.html).toContain('Veilgate')
        expect(mail.html).not.toMatch(/<script|<img|src="http/i)
        if (locale !== 'en') {
          const english = await renderEmail(template, samples[template] as never, { locale: 'en', timezone: '+0200' })
          expect(mail.subject).not.toBe(english.subject)
        }
      })
    }
  }

  it('escapes variables: a script tag comes out as text', async () => {
    const mail = await renderEmail('fast-login', { url: '/x?a=<script>alert(1)</script>', code: '<script>alert(1)</script>', minutes: 5 }, { locale: 'en' })
    expect(mail.html).not.toContain('<script>')
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(mail.html).toContain('%3Cscript%3E')
  })

  it('writes the plain text from the messages, not from the HTML', async () => {
    const mail = await renderEmail('password-reset', samples['password-reset'], { locale: 'de' })
    expect(mail.text).not.toMatch(/<[a-z]/i)
    expect(mail.text.split('\n')[0]).toBe('Wählen Sie ein neues Passwort')
  })

  it('rejects an unknown template and a missing variable', async () => {
    // @ts-expect-error: not a template
    await expect(renderEmail('no-such-template', { url: '/x' })).rejects.toThrow(/Unknown e-mail template/)
    // @ts-expect-error: fast-login needs code and minutes
    await expect(renderEmail('fast-login', { url: '/x' })).rejects.toThrow(/missing code, minutes/)
    await expect(renderEmail('toString' as never, {} as never)).rejects.toThrow(/Unknown/)
  })

  it('gives an unknown locale English', async () => {
    const mail = await renderEmail('confirm-address', samples['confirm-address'], { locale: 'xx' })
    expect(mail.locale.code).toBe('en')
    expect(mail.subject).toBe('Confirm your e-mail address')
  })

  it('refuses links to other sites and bad offsets', async () => {
    expect(() => siteLink('https://evil.example/phish')).toThrow()
    expect(() => siteLink('javascript:alert(1)')).toThrow()
    expect(siteLink('/a?b=1')).toBe('http://localhost:3000/a?b=1')
    // A renewal invoice Stripe asks the customer to pay on its own page.
    expect(siteLink('https://invoice.stripe.com/i/acct_1/in_1')).toBe('https://invoice.stripe.com/i/acct_1/in_1')
    expect(() => siteLink('http://invoice.stripe.com/i/acct_1/in_1')).toThrow()
    expect(() => siteLink('https://invoice.stripe.com.evil.example/i')).toThrow()
    await expect(renderEmail('confirm-address', { url: '//evil.example/' }, { locale: 'en' })).rejects.toThrow()
    expect(() => offsetMinutes('+02:00')).toThrow()
    expect(() => offsetMinutes('Europe/Berlin')).toThrow()
    expect(offsetMinutes('-0530')).toBe(-330)
  })

  it('formats dates in the locale at the customer’s offset', () => {
    const de = { code: 'de' as const, tag: 'de', dir: 'ltr' as const }
    expect(formatDate('2026-11-24T23:30:00Z', de, '+0200')).toMatch(/25\. November 2026.*01:30.*\(UTC\+02:00\)/)
    expect(formatDate('2026-11-24T02:00:00Z', de, '-0500')).toMatch(/23\. November 2026.*21:00.*\(UTC-05:00\)/)
  })

  it('has every Email key in all 32 message files', () => {
    const dir = path.resolve(import.meta.dirname, '../../../messages')
    const keys = (tree: Record<string, unknown>, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([k, v]) => (typeof v === 'object' && v ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]))
    const englishTree = JSON.parse(readFileSync(path.join(dir, 'en.json'), 'utf8')).Email
    const english = keys(englishTree)
    const lookup = (tree: unknown, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], tree)
    const placeholders = (text: unknown) => [...String(text).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
    const files = readdirSync(dir).filter((f) => f.endsWith('.json'))
    expect(files).toHaveLength(32)
    for (const file of files) {
      const email = JSON.parse(readFileSync(path.join(dir, file), 'utf8')).Email ?? {}
      const own = keys(email)
      expect(own.sort(), file).toEqual([...english].sort())
      for (const key of own) {
        const value = lookup(email, key)
        expect(typeof value === 'string' && value.trim().length > 0, `${file} ${key}`).toBe(true)
        expect(placeholders(value), `${file} ${key} placeholders`).toEqual(placeholders(lookup(englishTree, key)))
      }
    }
  })
})

describe('the receipt', () => {
  const data: TemplateData['receipt'] = { plan: 'Lifetime', addOns: [], total: '$199.00', card: { brand: 'Mastercard', last4: '4444' }, renewal: null, url: '/payment-success?hash=h1' }
  const cases: [string, string[]][] = [
    ['en', ['Your Veilgate receipt', 'Plan: Lifetime', 'Total paid: $199.00', 'Paid with Mastercard •••• 4444', 'One-time payment: it does not renew.', 'You are covered by our 30-day money-back guarantee.']],
    ['de', ['Ihre Veilgate-Quittung', 'Tarif: Lifetime', 'Bezahlt insgesamt: $199.00', 'Bezahlt mit Mastercard •••• 4444', 'Einmalige Zahlung: keine Verlängerung.', '30-Tage-Geld-zurück-Garantie']],
    ['ar', ['إيصال Veilgate الخاص بك', 'الخطة: Lifetime', 'تم الدفع باستخدام Mastercard •••• 4444', 'دفعة لمرة واحدة: لا تتجدد.', 'ضمان استرداد الأموال لمدة 30 يومًا']],
  ]
  for (const [locale, parts] of cases) {
    it(`says plan, total, card, one-time and the guarantee in ${locale}`, async () => {
      const mail = await renderEmail('receipt', data, { locale, timezone: '+0000' })
      expect(mail.subject).toBe(parts[0])
      for (const part of parts.slice(1)) expect(mail.text, part).toContain(part)
      expect(mail.text).not.toContain('Add-ons')
      if (locale === 'ar') expect(mail.html).toContain('dir="rtl"')
    })
  }

  it('names the renewal date and price when the plan renews', async () => {
    const mail = await renderEmail('receipt', { ...data, renewal: { at: '2027-11-24T09:05:00Z', price: '$101.87' } }, { locale: 'en', timezone: '+0000' })
    expect(mail.text).toContain('It renews automatically on November 24, 2027 at 9:05 AM (UTC+00:00) for $101.87.')
  })

  it('titles a renewal receipt as a renewal, in every locale, and tells a failed renewal its last try', async () => {
    const { locales } = await import('@/i18n/locales')
    for (const { code } of locales) {
      const purchase = await renderEmail('receipt', samples.receipt, { locale: code, timezone: '+0000' })
      const renewal = await renderEmail('receipt', { ...samples.receipt, isRenewal: true }, { locale: code, timezone: '+0000' })
      expect(renewal.subject, code).not.toBe(purchase.subject)
      const failed = await renderEmail('payment-failed', samples['payment-failed'], { locale: code, timezone: '+0000' })
      const last = await renderEmail('payment-failed', { ...samples['payment-failed'], retryAt: null, method: 'paypal', card: null }, { locale: code, timezone: '+0000' })
      expect(last.text, code).not.toBe(failed.text)
      expect(last.text, code).toContain('PayPal')
    }
  })

  it('adds the unsubscribe line, linking to the page in the subscriber’s language, when asked', async () => {
    const plain = await renderEmail('newsletter-confirm', samples['newsletter-confirm'], { locale: 'de' })
    expect(plain.text).not.toContain('blog-unsubscribe')
    const mail = await renderEmail('newsletter-confirm', samples['newsletter-confirm'], { locale: 'de', unsubscribeUrl: '/de/blog-unsubscribe?token=abc.def' })
    expect(mail.text).toContain('Abbestellen: http://localhost:3000/de/blog-unsubscribe?token=abc.def')
    expect(decode(mail.html)).toContain('href="http://localhost:3000/de/blog-unsubscribe?token=abc.def"')
    await expect(renderEmail('newsletter-confirm', samples['newsletter-confirm'], { unsubscribeUrl: 'https://elsewhere.example/u' })).rejects.toThrow(/SITE_URL/)
  })
})
