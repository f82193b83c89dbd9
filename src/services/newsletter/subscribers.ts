// Newsletter subscribers: subscribe with double opt-in, confirm, unsubscribe (one click), by link tokens.
import type { Payload, PayloadRequest } from 'payload'
import { loadMessages } from '@/i18n/messages'
import { isLocaleCode } from '@/i18n/locales'
import { HttpError } from '@/lib/http'
import type { Subscriber } from '@/payload-types'
import { siteUrl } from '@/services/auth/accounts'
import { inTransaction, isUniqueViolation, query, sql } from '@/services/db'
import { sendEmail } from '@/services/email/send'
import type { SubscribeBody } from '@/lib/validation/newsletter'
import { CONFIRM_TTL_MS, newsletterToken, readNewsletterToken } from './tokens'

/** A pending address gets at most one confirmation e-mail in this time. */
export const RESEND_AFTER_MS = 24 * 60 * 60 * 1000

type NewsletterTexts = { consent: string; alreadyExists: string; invalidEmail: string }

/** The `Newsletter` texts in one of the 32 languages (English otherwise). */
export async function newsletterTexts(locale: string): Promise<NewsletterTexts> {
  const messages = (await loadMessages(isLocaleCode(locale) ? locale : 'en')) as { Newsletter: NewsletterTexts }
  return messages.Newsletter
}

/** 400 INVALID_EMAIL with the newsletter's own text, in the request's language. */
export async function invalidNewsletterEmail(locale: string): Promise<HttpError> {
  return new HttpError(400, (await newsletterTexts(locale)).invalidEmail, 'INVALID_EMAIL', 'username', undefined, true)
}

export async function findSubscriber(payload: Payload, email: string): Promise<Subscriber | null> {
  return (await payload.find({ collection: 'subscribers', where: { email: { equals: email } }, limit: 1, depth: 0, overrideAccess: true })).docs[0] ?? null
}

/** The unsubscribe link's token of a subscriber (it works for as long as the subscriber exists). */
export const unsubscribeToken = (payload: Payload, id: number) => newsletterToken(payload.secret, { id, purpose: 'unsubscribe' })

/** What a newsletter e-mail needs to carry its one-click unsubscribe (RFC 8058). */
export const unsubscribeFor = (payload: Payload, subscriber: Pick<Subscriber, 'id' | 'locale'>) => ({ token: unsubscribeToken(payload, subscriber.id), locale: subscriber.locale })

/**
 * The subscribe request after its checks: an active address → 409 ALREADY_IN_USE with the
 * newsletter's text; a new one → `pending` and the confirmation e-mail (7 days); a pending one →
 * the same answer, and a new e-mail only 24 hours after the last; an unsubscribed one → pending
 * again with a new e-mail. The status change (a compare-and-set from the row as read) and the
 * e-mail's job commit together.
 */
export async function subscribe(payload: Payload, input: SubscribeBody, at: Date, retried = false): Promise<{ username: string }> {
  const email = input.username
  const [existing, texts] = await Promise.all([findSubscriber(payload, email), newsletterTexts(input.locale)])
  if (existing?.status === 'active') {
    throw new HttpError(409, texts.alreadyExists.replace('{email}', email), 'ALREADY_IN_USE', undefined, undefined, true)
  }
  if (existing?.status === 'pending' && existing.confirmSentAt && at.getTime() - new Date(existing.confirmSentAt).getTime() < RESEND_AFTER_MS) return { username: email }
  const consentText = texts.consent
  try {
    await inTransaction(payload, async ({ req, run }) => {
      let subscriber: Pick<Subscriber, 'id' | 'locale'>
      if (!existing) {
        subscriber = await payload.create({
          collection: 'subscribers',
          data: { email, locale: input.locale, source: input.source, type: input.type, status: 'pending', consentAt: at.toISOString(), consentText, confirmSentAt: at.toISOString() },
          overrideAccess: true,
          depth: 0,
          req,
        })
      } else {
        const claimed = await run<{ id: number }>(sql`
          update subscribers set status = 'pending', locale = ${input.locale}, source = ${input.source}, type = ${input.type},
                 consent_at = ${at.toISOString()}, consent_text = ${consentText}, confirm_sent_at = ${at.toISOString()}, updated_at = ${at.toISOString()}
           where id = ${existing.id} and status = ${existing.status} and confirm_sent_at is not distinct from ${existing.confirmSentAt ?? null}
           returning id`)
        // Another request for this address came first and sent the e-mail.
        if (!claimed.length) return
        subscriber = { id: existing.id, locale: input.locale as Subscriber['locale'] }
      }
      const token = newsletterToken(payload.secret, { id: subscriber.id, purpose: 'confirm', expiresAt: new Date(at.getTime() + CONFIRM_TTL_MS) })
      await sendEmail(
        { template: 'newsletter-confirm', to: email, locale: input.locale, data: { url: siteUrl(input.locale, '/newsletter/confirm', { token }), days: CONFIRM_TTL_MS / 86_400_000 }, unsubscribe: unsubscribeFor(payload, subscriber) },
        { payload, req: req as PayloadRequest },
      )
    })
  } catch (error) {
    // Two first requests for one address at once: the second finds the first's row.
    if (isUniqueViolation(error) && !retried) return subscribe(payload, input, at, true)
    throw error
  }
  return { username: email }
}

/** The subscriber a link's token names (for its page), or null. */
export async function subscriberByToken(payload: Payload, token: unknown, purpose: 'confirm' | 'unsubscribe', at: Date): Promise<Subscriber | null> {
  const id = readNewsletterToken(payload.secret, token, purpose, at)
  if (id === null) return null
  return payload.findByID({ collection: 'subscribers', id, depth: 0, overrideAccess: true }).catch(() => null)
}

/** Confirms a pending address (compare-and-set); true when the token's subscriber is active now. */
export async function confirmSubscription(payload: Payload, token: unknown, at: Date): Promise<boolean> {
  const id = readNewsletterToken(payload.secret, token, 'confirm', at)
  if (id === null) return false
  const rows = await query(payload, `update subscribers set status = 'active', confirmed_at = $2, updated_at = $2 where id = $1 and status = 'pending' returning id`, [id, at.toISOString()])
  if (rows.length) return true
  const subscriber = await payload.findByID({ collection: 'subscribers', id, depth: 0, overrideAccess: true }).catch(() => null)
  return subscriber?.status === 'active'
}

/** Unsubscribes the token's subscriber; doing it again changes nothing. True when the token names one. */
export async function unsubscribe(payload: Payload, token: unknown, at: Date): Promise<boolean> {
  const id = readNewsletterToken(payload.secret, token, 'unsubscribe', at)
  if (id === null) return false
  await query(payload, `update subscribers set status = 'unsubscribed', unsubscribed_at = $2, updated_at = $2 where id = $1 and status <> 'unsubscribed'`, [id, at.toISOString()])
  return (await query(payload, `select id from subscribers where id = $1`, [id])).length === 1
}
