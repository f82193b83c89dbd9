import { getPayload, type Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { GET as profileGet, PATCH as profilePatch } from '@/app/api/veilgate/account/profile/route'
import { POST as revokeRoute } from '@/app/api/veilgate/account/sessions/revoke/route'
import { GET as sessionsRoute } from '@/app/api/veilgate/account/sessions/route'
import { GET as overviewRoute } from '@/app/api/veilgate/account/overview/route'
import { POST as emailRoute } from '@/app/api/veilgate/account/email/route'
import { POST as confirmRoute } from '@/app/api/veilgate/auth/confirm/route'
import { POST as loginRoute } from '@/app/api/veilgate/auth/login/route'
import { deviceOf } from '@/services/account/settings'
import { createPasswordlessCustomer } from '@/services/auth/accounts'
import { createSession } from '@/services/auth/sessions'
import { mailTo as mailToAddress, tokenIn } from '../support/mail'
import { callRoute } from '../support/routes'

let payload: Payload
let run = 0

beforeAll(async () => {
  payload = await getPayload({ config })
})

const firefoxOnWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0'
const safariOnIphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

/** A customer with two sessions: this one (Firefox on Windows) and another (Safari on iOS). */
async function customer() {
  const email = `settings-${Date.now()}-${++run}@example.com`
  const record = await createPasswordlessCustomer(payload, { email, source: 'admin' })
  const other = await createSession(payload, record.id, { userAgent: safariOnIphone })
  const token = await createSession(payload, record.id, { userAgent: firefoxOnWindows })
  return { customer: record, token, other }
}

const as = (token: string | null): Record<string, string> => (token ? { 'x-auth-token': token } : {})
const sessions = (token: string | null) => callRoute(sessionsRoute, { path: '/api/veilgate/account/sessions/', headers: as(token) })
const revoke = (token: string | null, body: unknown) => callRoute(revokeRoute, { path: '/api/veilgate/account/sessions/revoke/', headers: as(token), body })
const profile = (token: string | null) => callRoute(profileGet, { path: '/api/veilgate/account/profile/', headers: as(token) })
const patch = (token: string | null, body: unknown, locale = 'en') => callRoute(profilePatch, { method: 'PATCH', path: '/api/veilgate/account/profile/', headers: as(token), body, query: { locale } })

describe('sessions/ and sessions/revoke/', () => {
  it('names browser and system from the user agent', () => {
    expect(deviceOf(firefoxOnWindows)).toEqual({ device: 'Firefox on Windows', browser: 'Firefox', os: 'Windows' })
    expect(deviceOf(safariOnIphone).device).toBe('Safari on iOS')
    expect(deviceOf(null)).toEqual({ device: null, browser: null, os: null })
  })

  it('answers 401 EXPIRED_SESSION without a session', async () => {
    for (const answer of [await sessions(null), await revoke(null, { all: true }), await profile(null), await patch(null, { marketingConsent: true }), await sessions('x'.repeat(43))]) {
      expect(answer).toMatchObject({ status: 401, body: { statusCode: 401, code: 'EXPIRED_SESSION' } })
    }
  })

  it('lists the open sessions newest first, this one marked, and ends another one, whose next call answers 401', async () => {
    const a = await customer()
    const listed = await sessions(a.token)
    expect(listed.status).toBe(200)
    const rows = listed.body as unknown as { id: number; kind: string; device: string; current: boolean; createdAt: string; lastUsedAt: string }[]
    expect(rows.map((row) => [row.device, row.current, row.kind])).toEqual([
      ['Firefox on Windows', true, 'auth'],
      ['Safari on iOS', false, 'auth'],
    ])
    expect(rows[0]).toMatchObject({ createdAt: expect.any(String), lastUsedAt: expect.any(String) })
    expect((await sessions(a.other)).status).toBe(200)
    expect(await revoke(a.token, { id: rows[1]!.id })).toMatchObject({ status: 200, body: { revoked: 1 } })
    expect(await sessions(a.other)).toMatchObject({ status: 401, body: { code: 'EXPIRED_SESSION' } })
    expect(((await sessions(a.token)).body as unknown as unknown[]).length).toBe(1)
    // An ended session cannot be ended again.
    expect(await revoke(a.token, { id: rows[1]!.id })).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } })
  })

  it('keeps customer A from seeing or ending B’s sessions', async () => {
    const a = await customer()
    const b = await customer()
    const theirs = (await sessions(b.token)).body as unknown as { id: number }[]
    const mine = (await sessions(a.token)).body as unknown as { id: number }[]
    expect(mine.map((row) => row.id).some((id) => theirs.some((row) => row.id === id))).toBe(false)
    for (const row of theirs) expect(await revoke(a.token, { id: row.id })).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } })
    expect((await sessions(b.token)).status).toBe(200)
    expect((await sessions(b.other)).status).toBe(200)
  })

  it('ends every session with { all: true }, this one too', async () => {
    const a = await customer()
    expect(await revoke(a.token, { all: true })).toMatchObject({ status: 200, body: { revoked: 2 } })
    expect((await sessions(a.token)).status).toBe(401)
    expect((await callRoute(overviewRoute, { path: '/api/veilgate/account/overview/', headers: as(a.other) })).status).toBe(401)
  })

  it('refuses bad input with 400 INVALID_INPUT, never a 5xx', async () => {
    const a = await customer()
    for (const body of [{}, { id: 'x' }, { id: -1 }, { all: false }, { id: 1, all: true }, { id: 1.5 }, 'not json']) {
      expect(await revoke(a.token, body)).toMatchObject({ status: 400, body: { statusCode: 400, code: 'INVALID_INPUT' } })
    }
  })
})

describe('profile/', () => {
  it('stores consent, given and withdrawn, with its time and the wording shown on the screen', async () => {
    const a = await customer()
    expect(await profile(a.token)).toMatchObject({ status: 200, body: { email: a.customer.email, hasPassword: false, marketingConsent: false, marketingConsentAt: null } })
    const given = await patch(a.token, { marketingConsent: true }, 'de')
    expect(given).toMatchObject({ status: 200, body: { marketingConsent: true, marketingConsentAt: expect.any(String) } })
    let stored = await payload.findByID({ collection: 'customers', id: a.customer.id, overrideAccess: true })
    expect(stored).toMatchObject({ marketingConsent: true, marketingConsentWording: 'Ich möchte Marketing-E-Mails erhalten' })
    const withdrawn = await patch(a.token, { marketingConsent: false })
    expect(withdrawn.body).toMatchObject({ marketingConsent: false })
    stored = await payload.findByID({ collection: 'customers', id: a.customer.id, overrideAccess: true })
    expect(stored).toMatchObject({ marketingConsent: false, marketingConsentWording: 'I agree to receive marketing emails' })
    expect(new Date(stored.marketingConsentAt!).getTime()).toBeGreaterThanOrEqual(new Date(String(given.body.marketingConsentAt)).getTime())
  })

  it('changes the language of e-mails and the timezone, and refuses anything else with the field named', async () => {
    const a = await customer()
    expect(await patch(a.token, { locale: 'fa', timezone: '+0330' })).toMatchObject({ status: 200, body: { locale: 'fa', timezone: '+0330' } })
    expect(await patch(a.token, { locale: 'xx' })).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', field: 'locale' } })
    expect(await patch(a.token, { timezone: 'Europe/Berlin' })).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', field: 'timezone' } })
    expect(await patch(a.token, { marketingConsent: 'yes' })).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', field: 'marketingConsent' } })
    expect(await patch(a.token, { email: 'x@example.com' })).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT' } })
    expect((await profile(a.token)).body).toMatchObject({ email: a.customer.email, locale: 'fa', timezone: '+0330' })
  })
})

const password = 'Settings-int-Compass-61'

/** A customer who can sign in with `password`, signed in. */
async function withPassword() {
  const a = await customer()
  await payload.update({ collection: 'customers', id: a.customer.id, data: { password, hasPassword: true }, overrideAccess: true })
  return a
}

const changeEmail = (token: string | null, body: unknown) => callRoute(emailRoute, { path: '/api/veilgate/account/email/', headers: as(token), body })
const confirm = (token: string) => callRoute(confirmRoute, { path: '/api/veilgate/auth/confirm/', body: { token } })
const signIn = (username: string) => callRoute(loginRoute, { path: '/api/veilgate/auth/login/', body: { username, password } })

const mailTo = (to: string, template: string) => mailToAddress(payload, to, template)
const linkToken = (text: string | null | undefined) => tokenIn(text) ?? ''

describe('email/', () => {
  it('needs the session and the password, and refuses a bad, taken or unchanged address with the field named', async () => {
    const a = await withPassword()
    const b = await withPassword()
    expect(await changeEmail(null, { password, email: 'x@example.com' })).toMatchObject({ status: 401, body: { code: 'EXPIRED_SESSION' } })
    expect(await changeEmail(a.token, { password: 'Wrong-password-00', email: `new-${a.customer.email}` })).toMatchObject({ status: 401, body: { code: 'INVALID_USERNAME_OR_PASSWORD' } })
    expect(await changeEmail(a.token, { password, email: 'not-an-address' })).toMatchObject({ status: 400, body: { code: 'INVALID_EMAIL', field: 'email' } })
    expect(await changeEmail(a.token, { email: 'x@example.com' })).toMatchObject({ status: 400, body: { code: 'REQUIRED', field: 'password' } })
    expect(await changeEmail(a.token, { password, email: b.customer.email!.toUpperCase() })).toMatchObject({ status: 409, body: { statusCode: 409, code: 'ALREADY_IN_USE', field: 'email' } })
    expect(await changeEmail(a.token, { password, email: a.customer.email })).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', field: 'email' } })
    expect((await profile(a.token)).body).toMatchObject({ email: a.customer.email, pendingEmail: null })
  })

  it('keeps the old address in force until the link sent to the new one is followed, and tells the old one', async () => {
    const a = await withPassword()
    const next = `moved-${Date.now()}@example.com`
    expect(await changeEmail(a.token, { password, email: ` ${next.toUpperCase()} ` })).toMatchObject({ status: 202, body: { pendingEmail: next } })
    expect((await profile(a.token)).body).toMatchObject({ email: a.customer.email, pendingEmail: next })
    const [notice] = await mailTo(a.customer.email!, 'email-change-notice')
    expect(notice!.text).toContain(next)
    const [link] = await mailTo(next, 'confirm-address')
    expect((await signIn(a.customer.email!)).status).toBe(200)
    expect((await signIn(next)).status).toBe(401)

    expect(await confirm(linkToken(link!.text))).toMatchObject({ status: 200, body: { confirmed: true } })
    expect((await profile(a.token)).body).toMatchObject({ email: next, pendingEmail: null })
    expect((await signIn(next)).status).toBe(200)
    expect((await signIn(a.customer.email!)).status).toBe(401)
    expect(await confirm(linkToken(link!.text))).toMatchObject({ status: 401, body: { code: 'EXPIRED_SESSION' } })
  })

  it('voids an older request with a newer one, and keeps the link usable when the address was taken meanwhile', async () => {
    const a = await withPassword()
    const first = `first-${Date.now()}@example.com`
    const second = `second-${Date.now()}@example.com`
    expect((await changeEmail(a.token, { password, email: first })).status).toBe(202)
    expect((await changeEmail(a.token, { password, email: second })).status).toBe(202)
    const [old] = await mailTo(first, 'confirm-address')
    const [latest] = await mailTo(second, 'confirm-address')
    expect(await confirm(linkToken(old!.text))).toMatchObject({ status: 401, body: { code: 'EXPIRED_SESSION' } })
    // Someone else takes the address before the link is followed: refused, nothing changes, the link still works later.
    const squatter = await createPasswordlessCustomer(payload, { email: second, source: 'admin' })
    expect(await confirm(linkToken(latest!.text))).toMatchObject({ status: 409, body: { code: 'ALREADY_IN_USE' } })
    expect((await profile(a.token)).body).toMatchObject({ email: a.customer.email, pendingEmail: second })
    await payload.delete({ collection: 'customers', id: squatter.id, overrideAccess: true })
    expect((await confirm(linkToken(latest!.text))).status).toBe(200)
    expect((await profile(a.token)).body).toMatchObject({ email: second })
  })
})
