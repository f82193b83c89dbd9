// The e-mail templates: their data, subjects and bodies.
import { commonLines, formatDate, siteLink, type EmailContent, type EmailLocale, type EmailTranslator } from './content'

type Context = { t: EmailTranslator; locale: EmailLocale; timezone: string }

/** Every template and the variables it needs; a missing or unknown one fails type-checking. */
export type TemplateData = {
  /** `signsIn`: the account has no password, and the link signs its owner in too. */
  'confirm-address': { url: string; signsIn?: boolean }
  'fast-login': { url: string; code: string; minutes: number }
  'password-reset': { url: string; minutes: number }
  'lockout-notice': { url: string; until: Date | string }
  'password-changed': { at: Date | string; url: string }
  'email-change-notice': { newEmail: string; at: Date | string; url: string }
  receipt: {
    plan: string
    addOns: string[]
    total: string
    /** The card, when one paid: brand as printed (Visa) and its last four digits. */
    card: { brand: string; last4: string } | null
    /** Another method that paid, by its name (PayPal, Paymentwall); absent for a card. */
    method?: string | null
    /** The next automatic charge, or null for a one-time payment. */
    renewal: { at: Date | string; price: string } | null
    url: string
    /** A renewal charged with the saved method: titled as a renewal, not a purchase. */
    isRenewal?: boolean
  }
  /** The newsletter's double opt-in: the confirmation page's link, valid `days` days. */
  'newsletter-confirm': { url: string; days: number }
  /** A business enquiry arrived; nothing the sender wrote is quoted back. */
  'oem-request-received': { url: string }
  /** A configuration request arrived: the platform's and protocol's display names. */
  'config-request-received': { platform: string; protocol: string; url: string }
  /** A renewal's charge failed: what was tried, with what, the link that pays it, and the next try. */
  'payment-failed': {
    plan: string
    amount: string
    method: 'card' | 'paypal'
    card: { brand: string; last4: string } | null
    url: string
    retryAt: Date | string | null
  }
  /** A renewal's charge waits for the buyer to confirm it with their bank (3-D Secure at the provider's invoice page). */
  'payment-action-required': { plan: string; amount: string; method: 'card' | 'paypal'; card: { brand: string; last4: string } | null; url: string }
  /** A renewal's charge comes soon: how much, when, with what, and how to turn it off in time. */
  'renewal-reminder': { plan: string; amount: string; date: Date | string; method: 'card' | 'paypal'; card: { brand: string; last4: string } | null; url: string }
  /** A trial ends soon: the plan it rolls into, its price and date, how to cancel. */
  'trial-ending': { plan: string; amount: string; date: Date | string; method: 'card' | 'paypal'; card: { brand: string; last4: string } | null; url: string }
  /** A subscription that will not renew ends soon: when, and a link that pays another period. */
  'plan-ending': { plan: string; date: Date | string; url: string }
  /** An order was refunded: how much, to what (Visa •••• 4242, PayPal), and the plan whose access ended with it. */
  'refund-issued': { plan: string; amount: string; method: string; url: string }
  /** A referral code's owner got days for a friend's order: how many, on which plan, until when. */
  'referral-reward': { days: number; plan: string; date: Date | string; url: string }
}

export type TemplateName = keyof TemplateData

type Compose<T extends TemplateName> = (data: TemplateData[T], context: Context) => EmailContent

const confirmAddress: Compose<'confirm-address'> = (data, { t }) => ({
  subject: t('confirmAddress.subject'),
  heading: t('confirmAddress.heading'),
  paragraphs: data.signsIn ? [t('confirmAddress.body'), t('confirmAddress.signsIn')] : [t('confirmAddress.body')],
  action: { label: t('confirmAddress.button'), url: siteLink(data.url) },
  reason: t('confirmAddress.reason'),
  ...commonLines(t),
})

const fastLogin: Compose<'fast-login'> = (data, { t }) => ({
  subject: t('fastLogin.subject'),
  heading: t('fastLogin.heading'),
  paragraphs: [t('fastLogin.body', { minutes: data.minutes })],
  code: { label: t('fastLogin.codeLabel'), value: data.code },
  action: { label: t('fastLogin.button'), url: siteLink(data.url) },
  reason: t('fastLogin.reason'),
  ...commonLines(t),
})

const passwordReset: Compose<'password-reset'> = (data, { t }) => ({
  subject: t('passwordReset.subject'),
  heading: t('passwordReset.heading'),
  paragraphs: [t('passwordReset.body', { minutes: data.minutes })],
  action: { label: t('passwordReset.button'), url: siteLink(data.url) },
  reason: t('passwordReset.reason'),
  ...commonLines(t),
})

const lockoutNotice: Compose<'lockout-notice'> = (data, { t, locale, timezone }) => ({
  subject: t('lockoutNotice.subject'),
  heading: t('lockoutNotice.heading'),
  paragraphs: [t('lockoutNotice.body', { until: formatDate(data.until, locale, timezone) })],
  action: { label: t('lockoutNotice.button'), url: siteLink(data.url) },
  reason: t('lockoutNotice.reason'),
  ...commonLines(t),
})

const passwordChanged: Compose<'password-changed'> = (data, { t, locale, timezone }) => ({
  subject: t('passwordChanged.subject'),
  heading: t('passwordChanged.heading'),
  paragraphs: [t('passwordChanged.body', { at: formatDate(data.at, locale, timezone) })],
  after: t('passwordChanged.help'),
  action: { label: t('passwordChanged.button'), url: siteLink(data.url) },
  reason: t('passwordChanged.reason'),
  ...commonLines(t),
})

const emailChangeNotice: Compose<'email-change-notice'> = (data, { t, locale, timezone }) => ({
  subject: t('emailChangeNotice.subject'),
  heading: t('emailChangeNotice.heading'),
  paragraphs: [t('emailChangeNotice.body', { newEmail: data.newEmail, at: formatDate(data.at, locale, timezone) })],
  after: t('emailChangeNotice.help'),
  action: { label: t('emailChangeNotice.button'), url: siteLink(data.url) },
  reason: t('emailChangeNotice.reason'),
  ...commonLines(t),
})

const receipt: Compose<'receipt'> = (data, { t, locale, timezone }) => ({
  subject: data.isRenewal ? t('receipt.renewalSubject') : t('receipt.subject'),
  heading: data.isRenewal ? t('receipt.renewalHeading') : t('receipt.heading'),
  paragraphs: [
    data.isRenewal ? t('receipt.renewalBody') : t('receipt.body'),
    t('receipt.plan', { plan: data.plan }),
    ...(data.addOns.length ? [t('receipt.addOns', { addOns: data.addOns.join(', ') })] : []),
    t('receipt.total', { total: data.total }),
    ...(data.card ? [t('receipt.card', { brand: data.card.brand, last4: data.card.last4 })] : data.method ? [t('paymentFailed.method', { method: data.method })] : []),
    data.renewal ? t('receipt.renews', { date: formatDate(data.renewal.at, locale, timezone), price: data.renewal.price }) : t('receipt.oneTime'),
    t('receipt.guarantee'),
  ],
  action: { label: t('receipt.button'), url: siteLink(data.url) },
  reason: t('receipt.reason'),
  ...commonLines(t),
})

/** "Payment method: Visa •••• 4242" (or PayPal, or the saved card), as the failed-payment e-mail words it. */
const methodLine = (t: EmailTranslator, data: { method: 'card' | 'paypal'; card: { brand: string; last4: string } | null }) =>
  t('paymentFailed.method', { method: data.method === 'paypal' ? t('paymentFailed.paypal') : data.card ? `${data.card.brand} •••• ${data.card.last4}` : t('paymentFailed.savedCard') })

const paymentFailed: Compose<'payment-failed'> = (data, { t, locale, timezone }) => ({
  subject: t('paymentFailed.subject'),
  heading: t('paymentFailed.heading'),
  paragraphs: [
    t('paymentFailed.body', { amount: data.amount, plan: data.plan }),
    methodLine(t, data),
    t('paymentFailed.access'),
    data.retryAt ? t('paymentFailed.retry', { date: formatDate(data.retryAt, locale, timezone) }) : t('paymentFailed.lastTry'),
  ],
  action: { label: t('paymentFailed.button'), url: siteLink(data.url) },
  reason: t('paymentFailed.reason'),
  ...commonLines(t),
})

const paymentAction: Compose<'payment-action-required'> = (data, { t }) => ({
  subject: t('paymentAction.subject'),
  heading: t('paymentAction.heading'),
  paragraphs: [t('paymentAction.body', { amount: data.amount, plan: data.plan }), methodLine(t, data), t('paymentAction.confirm')],
  action: { label: t('paymentAction.button'), url: siteLink(data.url) },
  reason: t('paymentFailed.reason'),
  ...commonLines(t),
})

const renewalReminder: Compose<'renewal-reminder'> = (data, { t, locale, timezone }) => ({
  subject: t('renewalReminder.subject', { date: formatDate(data.date, locale, timezone) }),
  heading: t('renewalReminder.heading'),
  paragraphs: [t('renewalReminder.body', { plan: data.plan, date: formatDate(data.date, locale, timezone), amount: data.amount }), methodLine(t, data), t('renewalReminder.howToStop')],
  action: { label: t('renewalReminder.button'), url: siteLink(data.url) },
  reason: t('renewalReminder.reason'),
  ...commonLines(t),
})

const trialEnding: Compose<'trial-ending'> = (data, { t, locale, timezone }) => ({
  subject: t('trialEnding.subject', { date: formatDate(data.date, locale, timezone) }),
  heading: t('trialEnding.heading'),
  paragraphs: [t('trialEnding.body', { date: formatDate(data.date, locale, timezone), plan: data.plan, amount: data.amount }), methodLine(t, data), t('trialEnding.howToStop')],
  action: { label: t('trialEnding.button'), url: siteLink(data.url) },
  reason: t('trialEnding.reason'),
  ...commonLines(t),
})

const planEnding: Compose<'plan-ending'> = (data, { t, locale, timezone }) => ({
  subject: t('planEnding.subject', { date: formatDate(data.date, locale, timezone) }),
  heading: t('planEnding.heading'),
  paragraphs: [t('planEnding.body', { plan: data.plan, date: formatDate(data.date, locale, timezone) }), t('planEnding.keep')],
  action: { label: t('planEnding.button'), url: siteLink(data.url) },
  reason: t('planEnding.reason'),
  ...commonLines(t),
})

const refundIssued: Compose<'refund-issued'> = (data, { t }) => ({
  subject: t('refundIssued.subject'),
  heading: t('refundIssued.heading'),
  paragraphs: [t('refundIssued.body', { amount: data.amount, method: data.method }), t('refundIssued.ended', { plan: data.plan }), t('refundIssued.timing')],
  action: { label: t('refundIssued.button'), url: siteLink(data.url) },
  reason: t('refundIssued.reason'),
  ...commonLines(t),
})

const referralReward: Compose<'referral-reward'> = (data, { t, locale, timezone }) => ({
  subject: t('referralReward.subject', { days: data.days }),
  heading: t('referralReward.heading'),
  paragraphs: [t('referralReward.body', { days: data.days, plan: data.plan, date: formatDate(data.date, locale, timezone) })],
  action: { label: t('referralReward.button'), url: siteLink(data.url) },
  reason: t('referralReward.reason'),
  ...commonLines(t),
})

const newsletterConfirm: Compose<'newsletter-confirm'> = (data, { t }) => ({
  subject: t('newsletterConfirm.subject'),
  heading: t('newsletterConfirm.heading'),
  paragraphs: [t('newsletterConfirm.body', { days: data.days })],
  action: { label: t('newsletterConfirm.button'), url: siteLink(data.url) },
  reason: t('newsletterConfirm.reason'),
  ...commonLines(t),
})

const oemRequestReceived: Compose<'oem-request-received'> = (data, { t }) => ({
  subject: t('oemRequestReceived.subject'),
  heading: t('oemRequestReceived.heading'),
  paragraphs: [t('oemRequestReceived.body')],
  action: { label: t('oemRequestReceived.button'), url: siteLink(data.url) },
  reason: t('oemRequestReceived.reason'),
  ...commonLines(t),
})

const configRequestReceived: Compose<'config-request-received'> = (data, { t }) => ({
  subject: t('configRequestReceived.subject'),
  heading: t('configRequestReceived.heading'),
  paragraphs: [t('configRequestReceived.body', { platform: data.platform, protocol: data.protocol })],
  action: { label: t('configRequestReceived.button'), url: siteLink(data.url) },
  reason: t('configRequestReceived.reason'),
  ...commonLines(t),
})

export const templates: { [K in TemplateName]: Compose<K> } = {
  'confirm-address': confirmAddress,
  'fast-login': fastLogin,
  'password-reset': passwordReset,
  'lockout-notice': lockoutNotice,
  'password-changed': passwordChanged,
  'email-change-notice': emailChangeNotice,
  receipt,
  'payment-failed': paymentFailed,
  'payment-action-required': paymentAction,
  'renewal-reminder': renewalReminder,
  'trial-ending': trialEnding,
  'plan-ending': planEnding,
  'refund-issued': refundIssued,
  'referral-reward': referralReward,
  'newsletter-confirm': newsletterConfirm,
  'oem-request-received': oemRequestReceived,
  'config-request-received': configRequestReceived,
}

/** The variables each template needs, checked at run time too (data can come from JSON). */
export const templateVariables: { [K in TemplateName]: readonly (keyof TemplateData[K])[] } = {
  'confirm-address': ['url'],
  'fast-login': ['url', 'code', 'minutes'],
  'password-reset': ['url', 'minutes'],
  'lockout-notice': ['url', 'until'],
  'password-changed': ['at', 'url'],
  'email-change-notice': ['newEmail', 'at', 'url'],
  receipt: ['plan', 'addOns', 'total', 'url'],
  'payment-failed': ['plan', 'amount', 'method', 'url'],
  'payment-action-required': ['plan', 'amount', 'method', 'url'],
  'renewal-reminder': ['plan', 'amount', 'date', 'method', 'url'],
  'trial-ending': ['plan', 'amount', 'date', 'method', 'url'],
  'plan-ending': ['plan', 'date', 'url'],
  'refund-issued': ['plan', 'amount', 'method', 'url'],
  'referral-reward': ['days', 'plan', 'date', 'url'],
  'newsletter-confirm': ['url', 'days'],
  'oem-request-received': ['url'],
  'config-request-received': ['platform', 'protocol', 'url'],
}

export const templateNames = Object.keys(templates) as TemplateName[]

export const isTemplateName = (value: string): value is TemplateName => Object.hasOwn(templates, value)
