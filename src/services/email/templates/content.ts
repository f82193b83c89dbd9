// E-mail content as structure, rendered to both HTML and plain text, with its locale.
import { createTranslator } from 'next-intl'
import { brand } from '@/lib/brand'
import { env } from '@/lib/env'
import { loadMessages } from '@/i18n/messages'
import { defaultLocale, isLocaleCode, locales, type LocaleCode } from '@/i18n/locales'

/**
 * One message as structured content: the HTML (React Email) and the plain text are both
 * written from it, so the two always say the same thing in the same words.
 */
export type EmailContent = {
  subject: string
  heading: string
  paragraphs: string[]
  /** A code to type in, shown large (fast sign-in). */
  code?: { label: string; value: string }
  action: { label: string; url: string }
  /** Text after the button (e.g. what to do if the change was not yours). */
  after?: string
  linkHint: string
  reason: string
  /** A newsletter's unsubscribe line (RFC 8058 headers go with it). */
  unsubscribe?: { label: string; url: string }
  support: string
  automated: string
}

export type EmailLocale = { code: LocaleCode; tag: string; dir: 'ltr' | 'rtl' }

/** The locale a message is written in: an unknown code gets English. */
export function emailLocale(code: string | undefined): EmailLocale {
  const found = locales.find((l) => l.code === (code && isLocaleCode(code) ? code : defaultLocale)) ?? locales[0]
  return { code: found.code, tag: found.tag, dir: found.dir }
}

export async function emailTranslator(locale: EmailLocale) {
  const messages = await loadMessages(locale.code)
  return createTranslator({ locale: locale.tag, messages, namespace: 'Email' })
}

export type EmailTranslator = Awaited<ReturnType<typeof emailTranslator>>

/** Links point at SITE_URL (a path is made absolute) or at a payment provider's invoice page; a link to any other site is refused. */
export function siteLink(url: string): string {
  const site = new URL(env().SITE_URL)
  const absolute = new URL(url, site)
  // The one page elsewhere a message may send to: the payment provider's page of an unpaid invoice (Stripe's hosted invoice).
  if (absolute.protocol === 'https:' && PROVIDER_PAGES.has(absolute.host)) return absolute.toString()
  if (absolute.origin !== site.origin) throw new Error('E-mail links must point at SITE_URL')
  return absolute.toString()
}

/** Hosts of payment providers' own pages an e-mail may link to (a renewal invoice Stripe asks to pay there). */
const PROVIDER_PAGES = new Set(['invoice.stripe.com'])

/** `+0200`, `-0530`: the customer's offset from UTC, in minutes. */
export function offsetMinutes(timezone: string): number {
  const match = /^([+-])(\d{2})(\d{2})$/.exec(timezone)
  if (!match || Number(match[2]) > 14 || Number(match[3]) > 59) throw new Error(`Invalid timezone offset "${timezone}" (expected +HHMM)`)
  const minutes = Number(match[2]) * 60 + Number(match[3])
  return match[1] === '-' ? -minutes : minutes
}

/**
 * A date in the customer's language at their offset from UTC. Node 20's Intl takes no
 * `+02:00` zone, so the instant is shifted by the offset and printed as UTC, offset added.
 */
export function formatDate(value: Date | string, locale: EmailLocale, timezone: string): string {
  const date = typeof value === 'string' ? new Date(value) : value
  if (Number.isNaN(date.getTime())) throw new Error('Invalid date')
  const minutes = offsetMinutes(timezone)
  const shifted = new Date(date.getTime() + minutes * 60_000)
  const text = new Intl.DateTimeFormat(locale.tag, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(shifted)
  const sign = minutes < 0 ? '-' : '+'
  const abs = Math.abs(minutes)
  return `${text} (UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')})`
}

/** The lines every message ends with. */
export function commonLines(t: EmailTranslator) {
  return { linkHint: t('linkHint'), support: t('support', { email: brand.supportEmail }), automated: t('automated') }
}
