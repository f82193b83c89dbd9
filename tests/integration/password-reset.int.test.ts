import { getPayload, type Payload } from 'payload'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { POST as login } from '@/app/api/veilgate/auth/login/route'
import { POST as confirmRoute } from '@/app/api/veilgate/auth/password-reset/confirm/route'
import { POST as requestRoute } from '@/app/api/veilgate/auth/password-reset/route'
import { POST as register } from '@/app/api/veilgate/auth/register/route'
import { GET as userInfo } from '@/app/api/veilgate/auth/user-info/route'
import { createPasswordlessCustomer } from '@/services/auth/accounts'
import { emailQueueIdle } from '@/services/email/queue'
import { humanCheck } from '../support/human-check-route'
import { mailTo as mailToAddress, runEmailJobs, tokenIn } from '../support/mail'
import { callRoute } from '../support/routes'

let payload: Payload
let run = 0
const password = 'Orchid-lantern-Parade-58'
const newPassword = 'Velvet-harbour-Comet-91'

beforeAll(async () => {
  payload = await getPayload({ config })
})

afterAll(async () => {
  await emailQueueIdle()
})

afterEach(() => {
  delete process.env.CLOCK_NOW
})

const address = (name: string) => `reset-${name}-${Date.now()}-${++run}@example.com`
const signUp = async (username: string, extra: Record<string, unknown> = {}) =>
  callRoute(register, { body: { username, password, confirmPassword: password, terms: true, ...(await humanCheck()), ...extra } })
const signIn = (username: string, pass = password) => callRoute(login, { body: { username, password: pass } })
const me = (token: unknown) => callRoute(userInfo, { headers: { 'x-auth-token': String(token) } })
const ask = (username: unknown, query: Record<string, string> = {}) => callRoute(requestRoute, { path: '/api/veilgate/auth/password-reset/', body: { username }, query })
const choose = (body: Record<string, unknown>, query: Record<string, string> = {}) => callRoute(confirmRoute, { path: '/api/veilgate/auth/password-reset/confirm/', body, query })
const mailTo = (to: string, template: string) => mailToAddress(payload, to, template)

/** Asks for a link and returns the newest link's token. */
async function linkFor(email: string): Promise<string> {
  const before = (await payload.count({ collection: 'outbox', where: { and: [{ to: { equals: email } }, { template: { equals: 'password-reset' } }] }, overrideAccess: true })).totalDocs
  expect(await ask(email)).toMatchObject({ status: 202, body: { sent: true } })
  for (let i = 0; i < 50; i++) {
    const mails = await mailTo(email, 'password-reset')
    if (mails.length > before) return tokenIn(mails[0]?.text) ?? ''
  }
  throw new Error(`no new password-reset message to ${email}`)
}

describe('password-reset/: asking for a link', () => {
  it('e-mails a link in the customer’s language that works for 60 minutes, and answers the same for an unknown address', async () => {
    const email = address('known')
    await signUp(email, { locale: 'de' })
    const known = await ask(email.toUpperCase())
    const unknown = await ask(address('nobody'))
    expect(known).toEqual({ status: 202, body: { sent: true } })
    expect(unknown).toEqual(known)
    const mails = await mailTo(email, 'password-reset')
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ locale: 'de' })
    expect(mails[0]?.text).toMatch(/http:\/\/localhost:3000\/de\/reset-password\?token=[A-Za-z0-9_-]{43}/)
    expect(mails[0]?.text).toContain('60')
  })

  it('refuses a bad address with its field, and sends nothing to a banned account', async () => {
    expect(await ask('not-an-address')).toMatchObject({ status: 400, body: { statusCode: 400, code: 'INVALID_EMAIL', message: 'Invalid email', field: 'username' } })
    expect(await ask('')).toMatchObject({ status: 400, body: { code: 'REQUIRED', field: 'username' } })
    expect(await ask(undefined)).toMatchObject({ status: 400, body: { code: 'REQUIRED' } })
    const banned = address('banned')
    await signUp(banned)
    const customer = (await payload.find({ collection: 'customers', where: { email: { equals: banned } }, overrideAccess: true })).docs[0]!
    await payload.update({ collection: 'customers', id: customer.id, data: { state: 'banned' }, overrideAccess: true })
    expect((await ask(banned)).status).toBe(202)
    await runEmailJobs(payload)
    expect((await payload.count({ collection: 'outbox', where: { and: [{ to: { equals: banned } }, { template: { equals: 'password-reset' } }] }, overrideAccess: true })).totalDocs).toBe(0)
  })
})

describe('password-reset/confirm/: choosing the new password', () => {
  it('sets it, ends every session, signs this browser in, tells the owner, and the link works once', async () => {
    const email = address('set')
    const first = await signUp(email)
    const token = await linkFor(email)
    const done = await choose({ token, password: newPassword, confirmPassword: newPassword })
    expect(done.status).toBe(200)
    expect(String(done.body.token)).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect((await me(done.body.token)).body).toMatchObject({ email, confirmed: true })
    expect(await me(first.body.token)).toMatchObject({ status: 401, body: { code: 'EXPIRED_SESSION' } })
    expect((await signIn(email)).status).toBe(401)
    expect((await signIn(email, newPassword)).status).toBe(200)
    const notices = await mailTo(email, 'password-changed')
    expect(notices).toHaveLength(1)
    expect(notices[0]?.text).toContain('/forgot-password')
    const again = await choose({ token, password: 'Another-granite-Wave-33', confirmPassword: 'Another-granite-Wave-33' })
    expect(again).toMatchObject({ status: 401, body: { statusCode: 401, code: 'EXPIRED_SESSION', field: 'token' } })
    expect((await signIn(email, newPassword)).status).toBe(200)
  })

  it('refuses each rule of the new password with its field, keeping the link usable', async () => {
    const email = address('rules')
    await signUp(email)
    const token = await linkFor(email)
    const cases: [Record<string, unknown>, string, string][] = [
      [{ password: ` ${newPassword}`, confirmPassword: ` ${newPassword}` }, 'PASSWORD_WHITESPACE', 'password'],
      [{ password: 'short', confirmPassword: 'short' }, 'PASSWORD_ASCII', 'password'],
      [{ password: 'password123', confirmPassword: 'password123' }, 'PASSWORD_BAD', 'password'],
      [{ password: email, confirmPassword: email }, 'PASSWORD_BAD', 'password'],
      [{ password: newPassword, confirmPassword: `${newPassword}x` }, 'CONFIRM_PASSWORD', 'confirmPassword'],
      [{ password: newPassword, confirmPassword: '' }, 'CONFIRM_PASSWORD', 'confirmPassword'],
      [{ password: newPassword }, 'REQUIRED', 'confirmPassword'],
    ]
    for (const [body, code, field] of cases) {
      const answer = await choose({ token, ...body })
      expect(answer.body, code).toMatchObject({ statusCode: 400, code, field })
    }
    expect((await choose({ token, password: newPassword, confirmPassword: newPassword }, { locale: 'de' })).status).toBe(200)
  })

  it('answers EXPIRED_SESSION for an unknown, malformed, expired or replaced link', async () => {
    expect(await choose({ token: 'x'.repeat(43), password: newPassword, confirmPassword: newPassword })).toMatchObject({ status: 401, body: { code: 'EXPIRED_SESSION' } })
    expect(await choose({ password: newPassword, confirmPassword: newPassword })).toMatchObject({ status: 401, body: { code: 'EXPIRED_SESSION', field: 'token' } })
    const email = address('expired')
    await signUp(email)
    const older = await linkFor(email)
    const newer = await linkFor(email)
    expect((await choose({ token: older, password: newPassword, confirmPassword: newPassword })).body).toMatchObject({ code: 'EXPIRED_SESSION' })
    process.env.CLOCK_NOW = new Date(Date.now() + 61 * 60_000).toISOString()
    expect((await choose({ token: newer, password: newPassword, confirmPassword: newPassword })).body).toMatchObject({ code: 'EXPIRED_SESSION' })
    delete process.env.CLOCK_NOW
    expect((await signIn(email)).status).toBe(200)
  })

  it('lifts the lock of failed sign-ins, as the lockout e-mail promises', async () => {
    const email = address('locked')
    await signUp(email)
    for (let i = 0; i < 5; i++) await signIn(email, `wrong-password-${i}`)
    expect((await signIn(email)).body).toMatchObject({ code: 'LOGIN_ATTEMPTS_EXCEEDED' })
    const token = await linkFor(email)
    expect((await choose({ token, password: newPassword, confirmPassword: newPassword })).status).toBe(200)
    expect((await signIn(email, newPassword)).status).toBe(200)
  })

  it('gives an account made at checkout, without a password, its first one', async () => {
    const email = address('passwordless')
    await createPasswordlessCustomer(payload, { email, source: 'checkout' })
    expect((await signIn(email)).body).toMatchObject({ code: 'EMAIL_ALREADY_USED_FOR_LOGIN' })
    const token = await linkFor(email)
    expect((await choose({ token, password: newPassword, confirmPassword: newPassword })).status).toBe(200)
    expect((await signIn(email, newPassword)).status).toBe(200)
  })

  it('lets only one of two simultaneous uses of a link through', async () => {
    const email = address('race')
    await signUp(email)
    const token = await linkFor(email)
    const answers = await Promise.all([
      choose({ token, password: newPassword, confirmPassword: newPassword }),
      choose({ token, password: 'Another-granite-Wave-33', confirmPassword: 'Another-granite-Wave-33' }),
      choose({ token, password: 'Lemon-thunder-Atlas-47', confirmPassword: 'Lemon-thunder-Atlas-47' }),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401, 401])
    const sessions = await payload.count({ collection: 'customer-sessions', where: { and: [{ 'customer.email': { equals: email } }, { revokedAt: { exists: false } }] }, overrideAccess: true })
    expect(sessions.totalDocs).toBe(1)
  })
})
