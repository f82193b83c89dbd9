import { getPayload, type Payload } from 'payload'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { POST as changePassword } from '@/app/api/veilgate/auth/change-password/route'
import { POST as confirm } from '@/app/api/veilgate/auth/confirm/route'
import { GET as errorRoute } from '@/app/api/veilgate/auth/error/route'
import { POST as login } from '@/app/api/veilgate/auth/login/route'
import { POST as logout } from '@/app/api/veilgate/auth/logout/route'
import { POST as register } from '@/app/api/veilgate/auth/register/route'
import { GET as userInfo } from '@/app/api/veilgate/auth/user-info/route'
import { createPasswordlessCustomer } from '@/services/auth/accounts'
import { emailQueueIdle } from '@/services/email/queue'
import { humanCheck } from '../support/human-check-route'
import { mailTo as mailToAddress, tokenIn } from '../support/mail'
import { callRoute } from '../support/routes'

let payload: Payload
const password = 'correct-Horse-battery-9'

beforeAll(async () => {
  payload = await getPayload({ config })
})

afterAll(async () => {
  await emailQueueIdle()
})

afterEach(() => {
  delete process.env.CLOCK_NOW
})

const signUp = async (username: string, extra: Record<string, unknown> = {}) =>
  callRoute(register, { body: { username, password, confirmPassword: password, terms: true, ...(await humanCheck()), ...extra } })
const signIn = (username: string, pass = password) => callRoute(login, { body: { username, password: pass } })
const me = (token: unknown) => callRoute(userInfo, { headers: { 'x-auth-token': String(token) } })

const mailTo = (to: string, template: string) => mailToAddress(payload, to, template)

describe('register/, login/, user-info/, logout/', () => {
  it('registers, signs in at once and in any case, and names the e-mail in user-info/', async () => {
    const created = await signUp('New.Person@Example.com', { locale: 'de', timezone: '+0100', marketingConsent: true })
    expect(created.status).toBe(201)
    expect(String(created.body.token)).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const info = await me(created.body.token)
    expect(info.status).toBe(200)
    expect(info.body).toMatchObject({ email: 'new.person@example.com', username: 'new.person@example.com', locale: 'de', timezone: '+0100', marketingConsent: true, confirmed: false })
    const upper = await signIn('NEW.PERSON@EXAMPLE.COM')
    expect(upper.status).toBe(200)
    expect(upper.body.token).not.toBe(created.body.token)
    const stored = (await payload.find({ collection: 'customers', where: { email: { equals: 'new.person@example.com' } }, overrideAccess: true })).docs[0]!
    expect(stored).toMatchObject({ source: 'signup', state: 'notConfirmed', hasPassword: true, marketingConsentWording: 'Ich möchte Marketing-E-Mails erhalten' })
    expect(stored.marketingConsentAt).toBeTruthy()
  })

  it('refuses a second account with the same address, in any case', async () => {
    await signUp('twice@example.com')
    const again = await signUp('TWICE@example.com')
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ statusCode: 409, code: 'ALREADY_IN_USE', message: 'This Veilgate ID is already in use', field: 'username' })
  })

  it('answers every section 5 rule with its code and field, in the asked language', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ username: '' }, 'REQUIRED', 'username'],
      [{ username: 'not-an-address' }, 'INVALID_EMAIL', 'username'],
      [{ password: ' leading-space1', confirmPassword: ' leading-space1' }, 'PASSWORD_WHITESPACE', 'password'],
      [{ password: 'short1', confirmPassword: 'short1' }, 'PASSWORD_ASCII', 'password'],
      [{ password: 'pässwörter-lang', confirmPassword: 'pässwörter-lang' }, 'PASSWORD_ASCII', 'password'],
      [{ password: 'password1', confirmPassword: 'password1' }, 'PASSWORD_BAD', 'password'],
      [{ password: 'rules@example.com', confirmPassword: 'rules@example.com' }, 'PASSWORD_BAD', 'password'],
      [{ confirmPassword: 'something-else-1' }, 'CONFIRM_PASSWORD', 'confirmPassword'],
      [{ terms: false }, 'TERMS_AGREE', 'terms'],
    ]
    for (const [change, code, field] of cases) {
      const answer = await callRoute(register, { body: { username: 'rules@example.com', password, confirmPassword: password, terms: true, ...change } })
      expect(answer.status, code).toBe(400)
      expect(answer.body, code).toMatchObject({ statusCode: 400, code, field })
    }
    const german = await callRoute(register, { body: { username: 'x', locale: 'de' } })
    expect(german.body.message).toBe('Ungültige E-Mail-Adresse')
    const viaCookie = await callRoute(register, { body: { username: 'x' }, headers: { cookie: 'NEXT_LOCALE=fr' } })
    expect(viaCookie.body.message).toBe('Adresse e-mail non valide')
    const malformed = await callRoute(register, { body: '{not json' })
    expect(malformed.status).toBe(400)
  })

  it('answers login/ errors: unknown and wrong alike, not an e-mail, no password', async () => {
    await signUp('known@example.com')
    const wrong = await signIn('known@example.com', 'wrong-password-1')
    const unknown = await signIn('nobody@example.com', 'wrong-password-1')
    expect(wrong.status).toBe(401)
    expect(unknown).toEqual(wrong)
    expect(wrong.body).toEqual({ statusCode: 401, code: 'INVALID_USERNAME_OR_PASSWORD', message: 'Invalid username or password' })
    const notEmail = await signIn('known')
    expect(notEmail.body).toMatchObject({ statusCode: 400, code: 'INVALID_USERNAME', field: 'username' })
    const made = await createPasswordlessCustomer(payload, { email: 'Checkout@Example.com', source: 'checkout' })
    expect(made).toMatchObject({ email: 'checkout@example.com', hasPassword: false, source: 'checkout' })
    const noPassword = await signIn('checkout@example.com')
    expect(noPassword.body).toMatchObject({ statusCode: 409, code: 'EMAIL_ALREADY_USED_FOR_LOGIN' })
  })

  it('signs out: the token then answers 401 EXPIRED_SESSION, and a second logout is harmless', async () => {
    const { body } = await signUp('leaving@example.com')
    const headers = { 'x-auth-token': String(body.token) }
    expect((await callRoute(logout, { body: {}, headers })).body).toEqual({ ok: true })
    expect(await me(body.token)).toMatchObject({ status: 401, body: { code: 'EXPIRED_SESSION', message: 'Your session has expired. Please relogin' } })
    expect((await callRoute(logout, { body: {}, headers })).status).toBe(200)
  })

  it('answers malformed, unknown and missing tokens with 401 and never a 5xx', async () => {
    const samples = ['', 'x', 'a'.repeat(43), '%00', "' or 1=1 --", 'é'.repeat(43), 'A'.repeat(5000)]
    for (const token of samples) expect((await me(token)).status, token.slice(0, 10)).toBe(401)
    expect((await callRoute(userInfo, {})).status).toBe(401)
    const viaAccess = await signUp('access-header@example.com')
    expect((await callRoute(userInfo, { headers: { 'x-access-token': String(viaAccess.body.token) } })).status).toBe(200)
  })

  it('expires a session after SESSION_TTL_DAYS', async () => {
    const { body } = await signUp('expiring@example.com')
    process.env.CLOCK_NOW = new Date(Date.now() + 31 * 86_400_000).toISOString()
    expect((await me(body.token)).status).toBe(401)
  })
})

describe('confirm/ and the 7-day rule', () => {
  it('confirms the account with the token of the confirmation e-mail, once', async () => {
    await signUp('confirm-me@example.com', { locale: 'de' })
    const [mail] = await mailTo('confirm-me@example.com', 'confirm-address')
    expect(mail?.locale).toBe('de')
    expect(mail?.text).toContain('http://localhost:3000/de/confirm-email?token=')
    const token = tokenIn(mail?.text)
    expect((await callRoute(confirm, { body: { token } })).body).toEqual({ confirmed: true })
    expect((await callRoute(confirm, { body: { token } })).body).toMatchObject({ statusCode: 401, code: 'EXPIRED_SESSION' })
    expect((await callRoute(confirm, { body: { token: 'garbage' } })).status).toBe(401)
    const signedIn = await signIn('confirm-me@example.com')
    expect((await me(signedIn.body.token)).body.confirmed).toBe(true)
  })

  it('stops an unconfirmed account after CONFIRM_GRACE_DAYS, re-sending the confirmation at most every 15 minutes', async () => {
    await signUp('late@example.com')
    expect((await signIn('late@example.com')).status).toBe(200)
    process.env.CLOCK_NOW = new Date(Date.now() + 8 * 86_400_000).toISOString()
    const late = await signIn('late@example.com')
    expect(late.body).toMatchObject({ statusCode: 403, code: 'ACCOUNT_NOT_CONFIRMED', message: 'Your account has not been confirmed.' })
    await signIn('late@example.com')
    expect(await mailTo('late@example.com', 'confirm-address')).toHaveLength(2)
    expect((await signIn('late@example.com', 'wrong-password-1')).status).toBe(401)
  })
})

describe('lockout and bans', () => {
  it('locks after five wrong passwords, right one included, e-mails the owner once, and an admin unlocks', async () => {
    await signUp('locked@example.com', { locale: 'fr' })
    const answers: number[] = []
    for (let i = 0; i < 5; i++) answers.push((await signIn('locked@example.com', `wrong-password-${i}`)).status)
    expect(answers.slice(0, 4)).toEqual([401, 401, 401, 401])
    expect(answers[4]).toBe(423)
    const right = await signIn('locked@example.com')
    expect(right.body).toMatchObject({ statusCode: 423, code: 'LOGIN_ATTEMPTS_EXCEEDED' })
    await signIn('locked@example.com', 'wrong-again-1')
    const notices = await mailTo('locked@example.com', 'lockout-notice')
    expect(notices).toHaveLength(1)
    expect(notices[0]?.locale).toBe('fr')
    expect(notices[0]?.text).toContain('http://localhost:3000/fr/forgot-password')
    const customer = (await payload.find({ collection: 'customers', where: { email: { equals: 'locked@example.com' } }, overrideAccess: true })).docs[0]!
    await expect(
      payload.unlock({ collection: 'customers', data: { email: 'locked@example.com' } as never, overrideAccess: false, req: { user: { ...customer, collection: 'customers' } } }),
    ).rejects.toThrow()
    const admin = (await payload.find({ collection: 'admins', overrideAccess: true, limit: 1 })).docs[0]!
    await payload.unlock({ collection: 'customers', data: { email: 'locked@example.com' } as never, overrideAccess: false, req: { user: { ...admin, collection: 'admins' } } })
    expect((await signIn('locked@example.com')).status).toBe(200)
  })

  it('tells a banned account so only after the right password, and a ban ends its sessions', async () => {
    const { body } = await signUp('banned@example.com')
    const customer = (await payload.find({ collection: 'customers', where: { email: { equals: 'banned@example.com' } }, overrideAccess: true })).docs[0]!
    await payload.update({ collection: 'customers', id: customer.id, data: { state: 'banned' }, overrideAccess: true })
    expect((await me(body.token)).status).toBe(401)
    const open = await payload.find({ collection: 'customer-sessions', where: { and: [{ customer: { equals: customer.id } }, { revokedAt: { exists: false } }] }, overrideAccess: true })
    expect(open.totalDocs).toBe(0)
    expect((await signIn('banned@example.com', 'wrong-password-1')).body.code).toBe('INVALID_USERNAME_OR_PASSWORD')
    expect((await signIn('banned@example.com')).body).toMatchObject({ statusCode: 403, code: 'ACCOUNT_BANNED' })
  })
})

describe('change-password/', () => {
  it('ends the other sessions, keeps the calling one, and only the new password signs in', async () => {
    const first = await signUp('changer@example.com')
    const second = await signIn('changer@example.com')
    const newPassword = 'another-Strong-pass-42'
    const headers = { 'x-auth-token': String(first.body.token) }
    const wrong = await callRoute(changePassword, { body: { password: 'not-the-password', newPassword }, headers })
    expect(wrong.body).toMatchObject({ statusCode: 401, code: 'INVALID_USERNAME_OR_PASSWORD' })
    const weak = await callRoute(changePassword, { body: { password, newPassword: 'short' }, headers })
    expect(weak.body).toMatchObject({ statusCode: 400, code: 'PASSWORD_ASCII', field: 'newPassword' })
    expect((await callRoute(changePassword, { body: { password, newPassword: 'qwertyuiop' }, headers })).body).toMatchObject({ statusCode: 400, code: 'PASSWORD_BAD', field: 'newPassword', message: 'Your password is not strong enough. Please provide a stronger password.' })
    expect((await callRoute(changePassword, { body: { password, newPassword: 'changer@example.com' }, headers })).body).toMatchObject({ code: 'PASSWORD_BAD' })
    const changed = await callRoute(changePassword, { body: { password, newPassword }, headers })
    expect(changed.body).toEqual({ ok: true })
    expect((await me(second.body.token)).body.code).toBe('EXPIRED_SESSION')
    expect((await me(first.body.token)).status).toBe(200)
    expect((await signIn('changer@example.com')).status).toBe(401)
    expect((await signIn('changer@example.com', newPassword)).status).toBe(200)
    expect(await mailTo('changer@example.com', 'password-changed')).toHaveLength(1)
    expect((await callRoute(changePassword, { body: { password, newPassword } })).status).toBe(401)
  })
})

describe('error/', () => {
  it('answers a code’s status and message in the asked language, undefinedError for unknown codes', async () => {
    expect((await callRoute(errorRoute, { query: { code: 'ACCOUNT_BANNED', locale: 'de' } })).body).toEqual({
      statusCode: 403,
      code: 'ACCOUNT_BANNED',
      message: 'Ihr Konto wurde wegen Verstoßes gegen die Endbenutzervereinbarung gesperrt. Bitte wenden Sie sich an den Support.',
    })
    expect((await callRoute(errorRoute, { query: { code: 'NOPE' } })).body).toEqual({
      statusCode: 500,
      code: 'undefinedError',
      message: 'Something went wrong. Please try again later.',
    })
    expect((await callRoute(errorRoute, { query: { code: 'TOO_MANY_REQUESTS', locale: 'zz' } })).body.message).toBe('Too many requests from your account. Please try again later.')
  })
})

describe('access: a customer is not an admin', () => {
  const ops = ['create', 'read', 'update', 'delete', 'readVersions', 'unlock'] as const
  /** What nobody, admins included, may do through the API (only server code writes these). */
  const closedToAll = new Set([
    'outbox:create',
    'experiment-events:create',
    'experiment-events:update',
    'orders:create',
    'orders:update',
    'orders:delete',
    'payment-attempts:create',
    'payment-attempts:update',
    'payment-attempts:delete',
    'idempotency-keys:create',
    'idempotency-keys:update',
    'webhook-events:create',
    'webhook-events:update',
    'webhook-events:delete',
    'subscriptions:create',
    'subscriptions:update',
    'subscriptions:delete',
    // Code redemptions: written by the redeem service only (admins may delete one).
    'code-redemptions:create',
    'code-redemptions:update',
    'outbox:update',
    'customer-sessions:create',
    'customer-tokens:create',
    'customer-tokens:update',
    'payload-jobs:create',
    'payload-jobs:update',
    'payload-jobs:delete',
    // Newsletter subscribers: written by the newsletter service only (admins read, export, delete).
    'subscribers:create',
    'subscribers:update',
    // Answered human-check challenges: written and forgotten by server code only.
    'human-check-solutions:create',
    'human-check-solutions:update',
    'human-check-solutions:delete',
    // Payload's internal key-value store: server code only.
    'payload-kv:create',
    'payload-kv:read',
    'payload-kv:update',
    'payload-kv:delete',
  ])

  it('gives customers exactly what anonymous visitors get, on every collection and operation, and admins the rest', async () => {
    const sanitized = await config
    const admin = { id: 1, email: 'admin@veilgate.local', collection: 'admins' }
    const customer = { id: 1, email: 'c@example.com', collection: 'customers' }
    const verdict = async (fn: unknown, user: object | null) => {
      if (typeof fn !== 'function') return user ? 'allowed (no rule)' : 'denied (no rule)'
      const result = await fn({ req: { user, payload, context: {}, headers: new Headers() }, data: {} })
      return result === true ? true : result ? JSON.stringify(result) : false
    }
    const rows: string[] = []
    const wrong: string[] = []
    for (const collection of sanitized.collections) {
      for (const op of ops) {
        if (op === 'readVersions' && !collection.versions) continue
        if (op === 'unlock' && !collection.auth) continue
        const fn = (collection.access as Record<string, unknown>)[op]
        const key = `${collection.slug}:${op}`
        const asAnonymous = await verdict(fn, null)
        const asCustomer = await verdict(fn, customer)
        const asAdmin = await verdict(fn, admin)
        rows.push(key)
        // Preferences belong to whoever is signed in (Payload's own rule, scoped to the user).
        if (collection.slug === 'payload-preferences' && op !== 'create') continue
        if (JSON.stringify(asCustomer) !== JSON.stringify(asAnonymous)) wrong.push(`${key}: customer ${asCustomer}, anonymous ${asAnonymous}`)
        if (asAdmin !== !closedToAll.has(key)) wrong.push(`${key}: admin ${asAdmin}`)
      }
    }
    expect(wrong).toEqual([])
    expect(rows).toEqual(expect.arrayContaining(['customers:unlock', 'admins:unlock', 'pages:readVersions', 'payload-jobs:read', 'payload-locked-documents:create', 'payload-migrations:read']))
  })

  it('refuses Payload’s own customer auth routes (login, forgot-password, reset, refresh) outside the auth service', async () => {
    await signUp('payload-route@example.com')
    await expect(payload.login({ collection: 'customers', data: { email: 'payload-route@example.com', password } })).rejects.toThrow(/not allowed|forbidden/i)
    await expect(payload.forgotPassword({ collection: 'customers', data: { email: 'payload-route@example.com' } })).rejects.toThrow(/not allowed|forbidden/i)
    await expect(payload.resetPassword({ collection: 'customers', data: { token: 'x', password }, overrideAccess: true })).rejects.toThrow(/not allowed|forbidden/i)
  })

  it('lets a customer user read published content like a visitor, and nothing private', async () => {
    const customer = (await payload.find({ collection: 'customers', overrideAccess: true, limit: 1 })).docs[0]!
    const user = { ...customer, collection: 'customers' as const }
    for (const collection of ['pages', 'media', 'forms', 'redirects'] as const) {
      const asVisitor = await payload.find({ collection, overrideAccess: false, limit: 500, depth: 0 })
      const asCustomer = await payload.find({ collection, overrideAccess: false, user, limit: 500, depth: 0 })
      expect(asCustomer.docs.map((d) => d.id), collection).toEqual(asVisitor.docs.map((d) => d.id))
    }
    for (const collection of ['customers', 'admins', 'form-submissions', 'payload-jobs', 'customer-sessions', 'outbox'] as const) {
      await expect(payload.find({ collection, overrideAccess: false, user }), collection).rejects.toThrow()
    }
    await expect(payload.create({ collection: 'pages', data: { title: 'x', path: '/x' }, overrideAccess: false, user })).rejects.toThrow()
  })
})
