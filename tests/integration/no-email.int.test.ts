// Buying without an e-mail: the purchase makes an account with a number and a one-time secret,
// told once in its answer (sealed for a replayed key), signs in with them, and e-mails nothing.
import { getPayload, type Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { POST as tokenizeRoute } from '@/app/api/payments/sandbox/tokenize/route'
import { POST as loginRoute } from '@/app/api/veilgate/auth/login/route'
import { GET as userInfo } from '@/app/api/veilgate/auth/user-info/route'
import { GET as detailRoute } from '@/app/api/veilgate/purchase-detail-by-hash/route'
import { GET as successRoute } from '@/app/api/veilgate/purchase/success-info/route'
import { GET as urlRoute } from '@/app/api/veilgate/purchase/url/route'
import { POST as purchaseRoute } from '@/app/api/veilgate/purchase/url-with-email/route'
import { query } from '@/services/db'
import { runEmailJobs } from '../support/mail'
import { callRoute } from '../support/routes'

let payload: Payload
let counter = 0

beforeAll(async () => {
  payload = await getPayload({ config })
})

const tokenFor = async (number: string) => String((await callRoute(tokenizeRoute, { path: '/api/payments/sandbox/tokenize', body: { number, expMonth: 12, expYear: 2031, cvc: '123' } })).body.token)
const body = async (card: string, extra: Record<string, unknown> = {}) => ({ receiveMarketingEmails: false, plan: 'vpn-1y', paymentMethod: 'card', country: 'DE', locale: 'de', cardToken: await tokenFor(card), ...extra })
const buy = (input: unknown, key = `no-email-${++counter}-${Date.now()}`, headers: Record<string, string> = {}) =>
  callRoute(purchaseRoute, { path: '/api/veilgate/purchase/url-with-email/', body: input, headers: { 'idempotency-key': key, ...headers } })
const signIn = (username: string, password: string) => callRoute(loginRoute, { path: '/api/veilgate/auth/login/', body: { username, password } })
const NUMBER = /^[1-9]\d{3} \d{4} \d{4} \d{4}$/
const SECRET = /^[A-Z2-7]{5}-[A-Z2-7]{5}-[A-Z2-7]{5}-[A-Z2-7]{5}$/
const TOKEN = /^[A-Za-z0-9_-]{43}$/
const customerOf = async (number: string) => (await payload.find({ collection: 'customers', where: { username: { equals: number.replace(/ /g, '') } }, overrideAccess: true, showHiddenFields: true })).docs

describe('a purchase without an e-mail', () => {
  it('makes one account with a number and a secret, told in the answer, signed in, fulfilled without any e-mail', async () => {
    const started = new Date().toISOString()
    const answer = await buy(await body('4242424242424242'))
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ status: 'paid', token: expect.stringMatching(TOKEN), account: { number: expect.stringMatching(NUMBER), secret: expect.stringMatching(SECRET) } })
    const { number, secret } = answer.body.account as { number: string; secret: string }

    const accounts = await customerOf(number)
    expect(accounts).toHaveLength(1)
    expect(accounts[0]).toMatchObject({ email: null, state: 'active', source: 'checkout', locale: 'de', hasPassword: true })
    // The secret is kept only as Payload's hash: nowhere in the row, in any form.
    const [row] = await query<Record<string, unknown>>(payload, `select * from customers where username = $1`, [number.replace(/ /g, '')])
    for (const form of [secret, secret.replace(/-/g, ''), secret.toLowerCase()]) expect(JSON.stringify(row)).not.toContain(form)

    const info = await callRoute(userInfo, { headers: { 'x-auth-token': String(answer.body.token) } })
    expect(info.body).toMatchObject({ username: number, email: null, accountNumber: number })

    const order = (await payload.find({ collection: 'orders', where: { publicHash: { equals: String(answer.body.hash) } }, overrideAccess: true, depth: 0 })).docs[0]!
    expect(order).toMatchObject({ email: null, customer: accounts[0]!.id, status: 'paid' })
    expect(order.fulfilledAt).toBeTruthy()
    expect(order.emailsQueuedAt).toBeTruthy()
    const subscriptions = await payload.count({ collection: 'subscriptions', where: { customer: { equals: accounts[0]!.id } }, overrideAccess: true })
    expect(subscriptions.totalDocs).toBe(1)
    await runEmailJobs(payload)
    const jobs = await query<{ n: string }>(payload, `select count(*) as n from payload_jobs where task_slug = 'sendEmail' and created_at >= $1 and coalesce(input->>'to', '') = ''`, [started])
    expect(Number(jobs[0]!.n)).toBe(0)

    // The order's routes name the account number, never a secret or a token.
    const hash = String(answer.body.hash)
    const success = await callRoute(successRoute, { path: '/api/veilgate/purchase/success-info/', query: { hash } })
    expect(success.body).toMatchObject({ maskedEmail: null, accountNumber: number })
    const detail = await callRoute(detailRoute, { path: '/api/veilgate/purchase-detail-by-hash/', query: { hash } })
    expect(detail.body).toMatchObject({ maskedEmail: null, accountNumber: number })
    const url = await callRoute(urlRoute, { path: '/api/veilgate/purchase/url/', query: { hash } })
    for (const other of [success, detail, url]) {
      expect(JSON.stringify(other.body)).not.toContain(secret)
      expect(other.body).not.toHaveProperty('token')
      expect(other.body).not.toHaveProperty('account')
    }
  })

  it('tells the same number and secret to a replayed key, kept sealed in the database; a declined card tells them too', async () => {
    const input = await body('4242424242424242')
    const key = `no-email-replay-${Date.now()}`
    const first = await buy(input, key)
    const again = await buy(input, key)
    expect(first.body.account).toBeTruthy()
    expect(again.body).toEqual(first.body)
    const { number, secret } = first.body.account as { number: string; secret: string }
    expect(await customerOf(number)).toHaveLength(1)
    const [stored] = await query<{ response: unknown }>(payload, `select response from idempotency_keys where scoped_key = $1`, [`purchase:${key}`])
    const kept = JSON.stringify(stored!.response)
    for (const value of [secret, secret.replace(/-/g, ''), number, number.replace(/ /g, ''), String(first.body.token)]) expect(kept).not.toContain(value)

    const declined = await buy(await body('4000000000000002'))
    expect(declined.status).toBe(402)
    expect(declined.body).toMatchObject({ code: 'CARD_DECLINED', token: expect.stringMatching(TOKEN), account: { number: expect.stringMatching(NUMBER), secret: expect.stringMatching(SECRET) } })
  })

  it('signs in by the number, spaced, dashed or not, with the secret in any case and grouping', async () => {
    const answer = await buy(await body('4242424242424242'))
    const { number, secret } = answer.body.account as { number: string; secret: string }
    for (const [name, typed] of [
      [number, secret],
      [number.replace(/ /g, ''), secret.replace(/-/g, '').toLowerCase()],
      [number.replace(/ /g, '-'), secret.replace(/-/g, ' ')],
    ] as const) {
      const signedIn = await signIn(name, typed)
      expect(signedIn.status, `${name} ${typed}`).toBe(200)
      expect(signedIn.body.token).toMatch(TOKEN)
    }
  })

  it('locks the account after five wrong secrets, with no notice to send; then the right one is refused too', async () => {
    const answer = await buy(await body('4242424242424242'))
    const { number, secret } = answer.body.account as { number: string; secret: string }
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) statuses.push((await signIn(number, `AAAAA-BBBBB-CCCCC-DDDD${i}`)).status)
    expect(statuses).toEqual([401, 401, 401, 401, 423])
    expect((await signIn(number, secret)).body).toMatchObject({ statusCode: 423, code: 'LOGIN_ATTEMPTS_EXCEEDED' })
    const [account] = await customerOf(number)
    expect(account!.lockUntil).toBeTruthy()
  })

  it('answers INVALID_VEILGATE_ID for a number that is not 16 digits, INVALID_USERNAME for other text, and an unknown number as a wrong secret', async () => {
    expect((await signIn('1234 5678 9012 345', 'AAAAA-BBBBB-CCCCC-DDDDD')).body).toEqual({ statusCode: 400, code: 'INVALID_VEILGATE_ID', message: 'Invalid Veilgate ID', field: 'username' })
    expect((await signIn('not an address', 'AAAAA-BBBBB-CCCCC-DDDDD')).body).toMatchObject({ statusCode: 400, code: 'INVALID_USERNAME' })
    expect((await signIn('9999 9999 9999 9999', 'AAAAA-BBBBB-CCCCC-DDDDD')).body).toMatchObject({ statusCode: 401, code: 'INVALID_USERNAME_OR_PASSWORD' })
  })

  it('leaves the purchase with an e-mail as it was, and refuses a password without an address', async () => {
    const email = `with-email-${Date.now()}@example.com`
    const answer = await buy(await body('4242424242424242', { email }))
    expect(answer.status).toBe(200)
    expect(answer.body).not.toHaveProperty('account')
    expect(answer.body).not.toHaveProperty('token')
    const success = await callRoute(successRoute, { path: '/api/veilgate/purchase/success-info/', query: { hash: String(answer.body.hash) } })
    expect(success.body).toMatchObject({ maskedEmail: 'w•••@example.com', accountNumber: null })

    const refused = await buy(await body('4242424242424242', { password: 'Chosen-but-no-address-7', terms: true }))
    expect(refused.body).toMatchObject({ statusCode: 400, code: 'REQUIRED', field: 'email' })
    const bad = await buy(await body('4242424242424242', { email: 'not-an-address' }))
    expect(bad.body).toMatchObject({ statusCode: 400, code: 'INVALID_EMAIL', field: 'email' })
  })
})
