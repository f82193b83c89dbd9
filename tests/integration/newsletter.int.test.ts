// The newsletter service against the embedded PostgreSQL: every answer in order, double opt-in, one-click unsubscribe, access, deletion.
import { randomUUID } from 'node:crypto'
import { getPayload, type Payload } from 'payload'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { POST as confirmRoute } from '@/app/api/coms/subscribe/confirm/route'
import { GET as subscribeGet, POST as subscribeRoute } from '@/app/api/coms/subscribe/route'
import { POST as unsubscribeRoute } from '@/app/api/coms/unsubscribe/route'
import { resetEnv } from '@/lib/env'
import { deleteAccount } from '@/services/account/deletion'
import { createPasswordlessCustomer } from '@/services/auth/accounts'
import { findSubscriber } from '@/services/newsletter/subscribers'
import { humanCheck } from '../support/human-check-route'
import { mailTo } from '../support/mail'
import { callRoute } from '../support/routes'

let payload: Payload

beforeAll(async () => {
  payload = await getPayload({ config })
})

afterEach(() => {
  delete process.env.CLOCK_NOW
  process.env.RATE_LIMIT_ACCOUNT = '100000/60'
  resetEnv()
})

const address = (prefix = 'reader') => `${prefix}-${randomUUID().slice(0, 8)}@example.com`
const subscribe = (body: unknown, headers: Record<string, string> = {}) => callRoute(subscribeRoute, { path: '/api/coms/subscribe/', body, headers })

/** A form POST to a route, as a browser's plain form or a mail provider sends it: status and Location. */
async function postForm(route: (request: Request, context: never) => Promise<Response>, url: string, form: Record<string, string>) {
  const request = new Request(new URL(url, 'http://localhost:3000'), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() })
  const response = await route(request, {} as never)
  return { status: response.status, location: response.headers.get('location'), body: (await response.json().catch(() => ({}))) as Record<string, unknown> }
}

const confirmTokenIn = (text: string | null | undefined) => /newsletter\/confirm\?token=([A-Za-z0-9_.-]+)/.exec(text ?? '')?.[1]

describe('POST /api/coms/subscribe/', () => {
  it('answers in order: the address first (the human check stays unspent), then the human check, then 200 and one confirmation e-mail', async () => {
    const check = await humanCheck()
    const invalid = await subscribe({ ...check, username: 'not-an-address@', locale: 'en' })
    expect(invalid).toEqual({ status: 400, body: { statusCode: 400, code: 'INVALID_EMAIL', message: 'The "E-mail" field must contain a valid email address.', field: 'username' } })
    const german = await subscribe({ ...check, username: 'kaputt', locale: 'de' })
    expect(german.body).toMatchObject({ code: 'INVALID_EMAIL', message: 'Das Feld „E-Mail“ muss eine gültige E-Mail-Adresse enthalten.', field: 'username' })
    expect((await subscribe({ ...check, username: address(), source: 42 })).body).toMatchObject({ statusCode: 400, code: 'INVALID_INPUT', field: 'source' })
    const email = address('Reader')
    for (const body of [{ username: email }, { username: email, inrecaptcha: 'forged', version: 'altcha' }, { username: email, ...check, version: 'recaptcha-v9' }]) {
      expect((await subscribe(body)).body).toMatchObject({ statusCode: 400, code: 'NOT_VERIFIED_CAPTCHA', message: 'Not verified Captcha' })
    }
    // The token refused with the invalid address still works.
    const ok = await subscribe({ ...check, username: `  ${email.toUpperCase()} `, locale: 'de' })
    expect(ok).toEqual({ status: 200, body: { username: email.toLowerCase() } })
    expect((await subscribe({ ...check, username: email })).body).toMatchObject({ code: 'NOT_VERIFIED_CAPTCHA' })

    const stored = await findSubscriber(payload, email.toLowerCase())
    expect(stored).toMatchObject({ status: 'pending', locale: 'de', source: 'vpn-site', type: 'common', consentText: expect.stringContaining('Veilgate-Newsletter') })
    const [mail, ...more] = await mailTo(payload, email.toLowerCase(), 'newsletter-confirm')
    expect(more).toHaveLength(0)
    expect(mail!.subject).toBe('Bestätigen Sie Ihr Veilgate-Newsletter-Abonnement')
    expect(mail!.text).toContain('http://localhost:3000/de/newsletter/confirm?token=')
    expect(mail!.text).toContain('http://localhost:3000/de/blog-unsubscribe?token=')
    expect(mail!.text).not.toContain(email.toLowerCase().split('@')[0])
    const headers = mail!.headers as Record<string, string>
    expect(headers['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/api\/coms\/unsubscribe\/\?token=[A-Za-z0-9_.%-]+>$/)
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')

    // Pending again within 24 hours: the same answer, no second e-mail; a day later, a new one.
    expect((await subscribe({ ...(await humanCheck()), username: email })).body).toEqual({ username: email.toLowerCase() })
    expect(await mailTo(payload, email.toLowerCase(), 'newsletter-confirm')).toHaveLength(1)
    process.env.CLOCK_NOW = new Date(Date.now() + 25 * 3_600_000).toISOString()
    expect((await subscribe({ ...(await humanCheck()), username: email })).status).toBe(200)
    await expect.poll(async () => (await mailTo(payload, email.toLowerCase(), 'newsletter-confirm')).length).toBe(2)
  })

  it('answers other methods 405, broken JSON and wrong types 400, never a 5xx', async () => {
    expect(await callRoute(subscribeGet, { path: '/api/coms/subscribe/' })).toMatchObject({ status: 405, body: { statusCode: 405, code: 'METHOD_NOT_ALLOWED' } })
    expect((await subscribe('{"username": ')).body).toMatchObject({ statusCode: 400, code: 'INVALID_EMAIL' })
    expect((await subscribe([1, 2])).status).toBe(400)
    expect((await subscribe({ username: ['a@example.com'] })).body).toMatchObject({ code: 'INVALID_EMAIL' })
    expect((await subscribe({ username: `${'a'.repeat(250)}@example.com` })).body).toMatchObject({ code: 'INVALID_EMAIL' })
    expect((await subscribe({ ...(await humanCheck()), username: address(), type: 'x'.repeat(100) })).body).toMatchObject({ code: 'INVALID_INPUT', field: 'type' })
  })

  it('limits requests per address: 429 TOO_MANY_REQUESTS with Retry-After', async () => {
    process.env.RATE_LIMIT_ACCOUNT = '3/60'
    resetEnv()
    const email = address('busy')
    for (let i = 0; i < 3; i++) expect((await subscribe({ username: email })).status).toBe(400)
    const refused = await subscribeRoute(new Request('http://localhost:3000/api/coms/subscribe/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: email }) }), {} as never)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await refused.json()).toMatchObject({ statusCode: 429, code: 'TOO_MANY_REQUESTS' })
  })
})

describe('double opt-in and unsubscribing', () => {
  it('confirms by the page’s form (not by opening the link), then 409s the active address; one click unsubscribes, again the same', async () => {
    const email = address()
    expect((await subscribe({ ...(await humanCheck()), username: email, source: 'blog', type: 'weekly' })).status).toBe(200)
    const [mail] = await mailTo(payload, email, 'newsletter-confirm')
    const token = confirmTokenIn(mail!.text)!
    expect(token).toBeTruthy()
    expect(await findSubscriber(payload, email)).toMatchObject({ status: 'pending', source: 'blog', type: 'weekly' })

    const bad = await postForm(confirmRoute, '/api/coms/subscribe/confirm/', { token: `${token}x`, locale: 'ar' })
    expect(bad).toMatchObject({ status: 303, location: 'http://localhost:3000/ar/newsletter/confirm' })
    const confirmed = await postForm(confirmRoute, '/api/coms/subscribe/confirm/', { token, locale: 'en' })
    expect(confirmed).toMatchObject({ status: 303, location: 'http://localhost:3000/newsletter/confirm?done=1' })
    expect(await findSubscriber(payload, email)).toMatchObject({ status: 'active', confirmedAt: expect.any(String) })
    expect(await subscribe({ ...(await humanCheck()), username: email })).toEqual({ status: 409, body: { statusCode: 409, code: 'ALREADY_IN_USE', message: `Subscription on ${email} already exists.` } })

    const oneClick = /<(http[^>]+)>/.exec((mail!.headers as Record<string, string>)['List-Unsubscribe']!)![1]!
    const first = await postForm(unsubscribeRoute, oneClick, { 'List-Unsubscribe': 'One-Click' })
    expect(first).toMatchObject({ status: 200, body: { unsubscribed: true } })
    const at = (await findSubscriber(payload, email))!
    expect(at).toMatchObject({ status: 'unsubscribed', unsubscribedAt: expect.any(String) })
    expect(await postForm(unsubscribeRoute, oneClick, { 'List-Unsubscribe': 'One-Click' })).toMatchObject({ status: 200, body: { unsubscribed: true } })
    expect((await findSubscriber(payload, email))!.unsubscribedAt).toBe(at.unsubscribedAt)
    expect(await postForm(unsubscribeRoute, '/api/coms/unsubscribe/?token=abc', { 'List-Unsubscribe': 'One-Click' })).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT' } })
    // The page's form: back to the page in its language.
    expect(await postForm(unsubscribeRoute, oneClick, { 'List-Unsubscribe': 'One-Click', locale: 'de' })).toMatchObject({ status: 303, location: 'http://localhost:3000/de/blog-unsubscribe?done=1' })

    // Unsubscribed, then subscribing again: pending, and a new confirmation e-mail.
    expect((await subscribe({ ...(await humanCheck()), username: email })).status).toBe(200)
    expect(await findSubscriber(payload, email)).toMatchObject({ status: 'pending' })
    await expect.poll(async () => (await mailTo(payload, email, 'newsletter-confirm')).length).toBe(2)
  })

  it('an expired confirmation link confirms nothing', async () => {
    const email = address()
    expect((await subscribe({ ...(await humanCheck()), username: email })).status).toBe(200)
    const token = confirmTokenIn((await mailTo(payload, email, 'newsletter-confirm'))[0]!.text)!
    process.env.CLOCK_NOW = new Date(Date.now() + 8 * 86_400_000).toISOString()
    expect((await postForm(confirmRoute, '/api/coms/subscribe/confirm/', { token, locale: 'en' })).location).toBe('http://localhost:3000/newsletter/confirm')
    expect(await findSubscriber(payload, email)).toMatchObject({ status: 'pending' })
  })
})

describe('who sees subscribers', () => {
  it('shows them to admins only, and deleting an account deletes its subscription in the same transaction', async () => {
    const email = address('owner')
    expect((await subscribe({ ...(await humanCheck()), username: email })).status).toBe(200)
    await expect(payload.find({ collection: 'subscribers', overrideAccess: false })).rejects.toThrow()
    const customer = await createPasswordlessCustomer(payload, { email, source: 'admin' })
    await expect(payload.find({ collection: 'subscribers', overrideAccess: false, user: { ...customer, collection: 'customers' } })).rejects.toThrow()
    const { token } = await payload.login({ collection: 'admins', data: { email: 'admin@veilgate.local', password: 'veilgate-admin' } })
    expect(token).toBeTruthy()
    expect((await payload.find({ collection: 'subscribers', where: { email: { equals: email } }, overrideAccess: true })).totalDocs).toBe(1)

    await deleteAccount(payload, customer, { email })
    expect(await findSubscriber(payload, email)).toBeNull()
  })
})
