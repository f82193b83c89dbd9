import { getPayload, type Payload } from 'payload'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { GET as autologinUrlRoute } from '@/app/api/veilgate/auth/autologin-url/route'
import { GET as autologinGet, POST as autologinPost } from '@/app/api/veilgate/auth/autologin/route'
import { GET as fastInfoRoute } from '@/app/api/veilgate/auth/fast-login-user-info/route'
import { POST as fastLoginRoute } from '@/app/api/veilgate/auth/fastlogin/route'
import { POST as register } from '@/app/api/veilgate/auth/register/route'
import { GET as userInfoRoute } from '@/app/api/veilgate/auth/user-info/route'
import { createPasswordlessCustomer } from '@/services/auth/accounts'
import { createSession } from '@/services/auth/sessions'
import { emailQueueIdle } from '@/services/email/queue'
import { humanCheck } from '../support/human-check-route'
import { mailTo, tokenIn } from '../support/mail'
import { callRoute } from '../support/routes'

let payload: Payload
let run = 0
const password = 'Orchid-lantern-Parade-58'

beforeAll(async () => {
  payload = await getPayload({ config })
})

afterAll(async () => {
  await emailQueueIdle()
})

afterEach(() => {
  delete process.env.CLOCK_NOW
})

const address = (name: string) => `fast-${name}-${Date.now()}-${++run}@example.com`
const ask = async (username: unknown, extra: Record<string, unknown> = {}) =>
  callRoute(fastLoginRoute, { path: '/api/veilgate/auth/fastlogin/', body: { username, ...(await humanCheck()), ...extra } })
const byToken = (token: unknown) => callRoute(autologinPost, { path: '/api/veilgate/auth/autologin/', body: { token } })
const byCode = (username: string, code: string) => callRoute(autologinPost, { path: '/api/veilgate/auth/autologin/', body: { username, code } })
const info = (route: typeof userInfoRoute, token: unknown, header = 'x-access-token') => callRoute(route, { headers: { [header]: String(token) } })

/** Asks for a fast login and returns the newest e-mail's link token and code. */
async function fastLoginMail(email: string, extra: Record<string, unknown> = {}) {
  const before = (await payload.count({ collection: 'outbox', where: { and: [{ to: { equals: email } }, { template: { equals: 'fast-login' } }] }, overrideAccess: true })).totalDocs
  expect(await ask(email, extra)).toEqual({ status: 202, body: { sent: true } })
  for (let i = 0; i < 50; i++) {
    const mails = await mailTo(payload, email, 'fast-login')
    if (mails.length > before) {
      const text = mails[0]?.text ?? ''
      return { token: tokenIn(text) ?? '', code: /\b(\d{6})\b/.exec(text.replace(/https?:\/\/\S+/g, ''))?.[1] ?? '', text, locale: mails[0]?.locale }
    }
  }
  throw new Error(`no new fast-login message to ${email}`)
}

describe('fastlogin/: a sign-in link and code by e-mail', () => {
  it('e-mails both in the customer’s language, valid 15 minutes, and answers the same for an unknown address', async () => {
    const email = address('known')
    await callRoute(register, { body: { username: email, password, confirmPassword: password, terms: true, locale: 'fr', ...(await humanCheck()) } })
    const mail = await fastLoginMail(email)
    expect(mail.locale).toBe('fr')
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/fr\/fast-login\?token=[A-Za-z0-9_-]{43}/)
    expect(mail.code).toMatch(/^\d{6}$/)
    expect(mail.text).toContain('15')
    expect(await ask(address('nobody'))).toEqual({ status: 202, body: { sent: true } })
  })

  it('needs the human check, a valid address and offset', async () => {
    const email = address('checks')
    expect(await callRoute(fastLoginRoute, { path: '/api/veilgate/auth/fastlogin/', body: { username: email } })).toMatchObject({ status: 400, body: { code: 'NOT_VERIFIED_CAPTCHA', field: 'inrecaptcha' } })
    expect(await ask('nope')).toMatchObject({ status: 400, body: { code: 'INVALID_EMAIL', field: 'username' } })
    expect(await ask(email, { timezone: '2 hours' })).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', field: 'timezone' } })
  })
})

describe('autologin/: the link or the code for an access session', () => {
  it('signs in by the link once, confirms the address, takes the offset, and fast-login-user-info/ tells the session’s kind', async () => {
    const email = address('link')
    const customer = await createPasswordlessCustomer(payload, { email, source: 'checkout' })
    const mail = await fastLoginMail(email, { timezone: '+0530' })
    const signedIn = await byToken(mail.token)
    expect(signedIn.status).toBe(200)
    const access = String(signedIn.body.token)
    expect(access).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect((await info(fastInfoRoute, access)).body).toMatchObject({ email, confirmed: true, timezone: '+0530', session: 'access' })
    expect((await info(userInfoRoute, access)).body).toMatchObject({ email })
    expect((await payload.findByID({ collection: 'customers', id: customer.id, overrideAccess: true })).state).toBe('active')
    expect(await byToken(mail.token)).toMatchObject({ status: 401, body: { code: 'EXPIRED_SESSION', field: 'token' } })
    // The code of a used link is spent with it.
    expect(await byCode(email, mail.code)).toMatchObject({ status: 400, body: { code: 'INVALID_FAST_LOGIN_CODE', field: 'code' } })
  })

  it('signs in by the code, typed with spaces, and a newer e-mail voids the older one', async () => {
    const email = address('code')
    await createPasswordlessCustomer(payload, { email, source: 'checkout' })
    const older = await fastLoginMail(email)
    const newer = await fastLoginMail(email)
    expect((await byToken(older.token)).status).toBe(401)
    const typed = `${newer.code.slice(0, 3)} ${newer.code.slice(3)}`
    const signedIn = await byCode(email.toUpperCase(), typed)
    expect(signedIn.status).toBe(200)
    expect((await info(fastInfoRoute, signedIn.body.token)).body).toMatchObject({ email, session: 'access' })
  })

  it('stops after five wrong codes, even the right one then', async () => {
    const email = address('guess')
    await createPasswordlessCustomer(payload, { email, source: 'checkout' })
    const mail = await fastLoginMail(email)
    const wrong = String((Number(mail.code) + 1) % 1_000_000).padStart(6, '0')
    const answers = await Promise.all(Array.from({ length: 5 }, () => byCode(email, wrong)))
    expect(answers.every((answer) => answer.body.code === 'INVALID_FAST_LOGIN_CODE')).toBe(true)
    expect((await byCode(email, mail.code)).body).toMatchObject({ statusCode: 400, code: 'INVALID_FAST_LOGIN_CODE', message: 'This code is wrong or no longer valid. Check the latest e-mail, or ask for a new code.' })
    // The link still works: it proves the inbox, as the code would have.
    expect((await byToken(mail.token)).status).toBe(200)
  })

  it('refuses expired links and codes, malformed input, unknown addresses and blocked accounts', async () => {
    const email = address('expired')
    const customer = await createPasswordlessCustomer(payload, { email, source: 'checkout' })
    const mail = await fastLoginMail(email)
    process.env.CLOCK_NOW = new Date(Date.now() + 16 * 60_000).toISOString()
    expect((await byToken(mail.token)).status).toBe(401)
    expect((await byCode(email, mail.code)).body).toMatchObject({ code: 'INVALID_FAST_LOGIN_CODE' })
    delete process.env.CLOCK_NOW
    expect(await byCode(email, '12345')).toMatchObject({ status: 400, body: { code: 'INVALID_FAST_LOGIN_CODE', field: 'code' } })
    expect(await byCode('nope', '123456')).toMatchObject({ status: 400, body: { code: 'INVALID_EMAIL', field: 'username' } })
    expect(await byCode(address('nobody'), '123456')).toMatchObject({ status: 400, body: { code: 'INVALID_FAST_LOGIN_CODE' } })
    expect(await callRoute(autologinPost, { path: '/api/veilgate/auth/autologin/', body: {} })).toMatchObject({ status: 401, body: { code: 'EXPIRED_SESSION', field: 'token' } })
    const fresh = await fastLoginMail(email)
    await payload.update({ collection: 'customers', id: customer.id, data: { state: 'banned' }, overrideAccess: true })
    expect(await byToken(fresh.token)).toMatchObject({ status: 403, body: { code: 'ACCOUNT_BANNED' } })
  })

  it('lets one of three simultaneous uses of a link through', async () => {
    const email = address('race')
    await createPasswordlessCustomer(payload, { email, source: 'checkout' })
    const mail = await fastLoginMail(email)
    const answers = await Promise.all([byToken(mail.token), byToken(mail.token), byCode(email, mail.code)])
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1)
  })
})

describe('autologin-url/: a link an app opens the site with', () => {
  it('makes a one-time link, valid two minutes, to a path on this site, which GET or POST exchanges once', async () => {
    const email = address('app')
    const customer = await createPasswordlessCustomer(payload, { email, source: 'checkout', locale: 'de' })
    const auth = await createSession(payload, customer.id, {})
    expect(await callRoute(autologinUrlRoute, { path: '/api/veilgate/auth/autologin-url/' })).toMatchObject({ status: 401, body: { code: 'EXPIRED_SESSION' } })
    const made = await callRoute(autologinUrlRoute, { path: '/api/veilgate/auth/autologin-url/', headers: { 'x-auth-token': auth }, query: { next: '/my-account/settings' } })
    expect(made.status).toBe(200)
    const url = new URL(String(made.body.url))
    expect(url.origin + url.pathname).toBe('http://localhost:3000/de/autologin')
    expect(url.searchParams.get('next')).toBe('/my-account/settings')
    expect(new Date(String(made.body.expiresAt)).getTime() - Date.now()).toBeLessThanOrEqual(120_000)
    const offSite = await callRoute(autologinUrlRoute, { path: '/api/veilgate/auth/autologin-url/', headers: { 'x-auth-token': auth }, query: { next: '//evil.example/' } })
    expect(new URL(String(offSite.body.url)).searchParams.get('next')).toBe('/my-account')
    const token = String(url.searchParams.get('token'))
    const signedIn = await callRoute(autologinGet, { path: '/api/veilgate/auth/autologin/', query: { token } })
    expect(signedIn.status).toBe(200)
    expect((await info(fastInfoRoute, signedIn.body.token)).body).toMatchObject({ email, session: 'access' })
    expect((await byToken(token)).status).toBe(401)
    const late = new URL(String((await callRoute(autologinUrlRoute, { path: '/api/veilgate/auth/autologin-url/', headers: { 'x-auth-token': auth } })).body.url)).searchParams.get('token')
    process.env.CLOCK_NOW = new Date(Date.now() + 121_000).toISOString()
    expect((await byToken(late)).status).toBe(401)
  })
})
