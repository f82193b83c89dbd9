import { getPayload, type Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { POST as tokenizeRoute } from '@/app/api/payments/sandbox/tokenize/route'
import { POST as confirmRoute } from '@/app/api/veilgate/auth/confirm/route'
import { GET as accessInfo } from '@/app/api/veilgate/auth/fast-login-user-info/route'
import { GET as userInfo } from '@/app/api/veilgate/auth/user-info/route'
import { GET as detailRoute } from '@/app/api/veilgate/purchase-detail-by-hash/route'
import { GET as successRoute } from '@/app/api/veilgate/purchase/success-info/route'
import { GET as urlRoute } from '@/app/api/veilgate/purchase/url/route'
import { POST as purchaseRoute } from '@/app/api/veilgate/purchase/url-with-email/route'
import { POST as statusRoute } from '@/app/api/veilgate/sales/check-payment-status/route'
import { query } from '@/services/db'
import { mailTo, tokenIn } from '../support/mail'
import { callRoute } from '../support/routes'

let payload: Payload
let counter = 0
const password = 'checkout-Chosen-pass-7'

beforeAll(async () => {
  payload = await getPayload({ config })
})

const tokenFor = async (number: string) => String((await callRoute(tokenizeRoute, { path: '/api/payments/sandbox/tokenize', body: { number, expMonth: 12, expYear: 2031, cvc: '123' } })).body.token)

const body = async (card: string, extra: Record<string, unknown> = {}) => ({
  email: `session-buyer-${++counter}-${Date.now()}@example.com`,
  receiveMarketingEmails: false,
  plan: 'vpn-1y',
  paymentMethod: 'card',
  country: 'DE',
  locale: 'en',
  cardToken: await tokenFor(card),
  ...extra,
})

const buy = (input: unknown, key = `session-${++counter}-${Date.now()}`, headers: Record<string, string> = {}) =>
  callRoute(purchaseRoute, { path: '/api/veilgate/purchase/url-with-email/', body: input, headers: { 'idempotency-key': key, ...headers } })
const me = (token: unknown) => callRoute(userInfo, { headers: { 'x-auth-token': String(token) } })
const TOKEN = /^[A-Za-z0-9_-]{43}$/

describe('a session for the account a purchase makes', () => {
  it('signs in the buyer who chose a password, paid, waiting for 3-D Secure or declined alike', async () => {
    for (const [card, status] of [
      ['4242424242424242', 200],
      ['4000002760003184', 200],
      ['4000000000000002', 402],
    ] as const) {
      const input = await body(card, { password, terms: true })
      const answer = await buy(input)
      expect(answer.status, card).toBe(status)
      expect(answer.body.token, card).toMatch(TOKEN)
      const info = await me(answer.body.token)
      expect(info.status, card).toBe(200)
      expect(info.body.email).toBe(input.email)
    }
  })

  it('answers the same token to a replayed key, and never keeps it readable in the database', async () => {
    const input = await body('4242424242424242', { password, terms: true })
    const key = `session-replay-${Date.now()}`
    const first = await buy(input, key)
    const again = await buy(input, key)
    expect(first.body.token).toMatch(TOKEN)
    expect(again.body).toEqual(first.body)
    const [stored] = await query<{ response: unknown }>(payload, `select response from idempotency_keys where scoped_key = $1`, [`purchase:${key}`])
    expect(JSON.stringify(stored!.response)).not.toContain(String(first.body.token))
    expect(JSON.stringify(stored!.response)).not.toContain('"token"')
  })

  it('gives no token without a password, to a buyer already signed in, or on any route named by the hash', async () => {
    const passwordless = await buy(await body('4242424242424242'))
    expect(passwordless.status).toBe(200)
    expect(passwordless.body).not.toHaveProperty('token')

    const made = await buy(await body('4242424242424242', { password, terms: true }))
    const signedIn = await buy(await body('4242424242424242', { email: undefined, password: undefined }).then((input) => ({ ...input, email: `other-${Date.now()}@example.com` })), undefined, { 'x-auth-token': String(made.body.token) })
    expect(signedIn.status).toBe(200)
    expect(signedIn.body).not.toHaveProperty('token')

    const hash = String(made.body.hash)
    const answers = [
      await callRoute(urlRoute, { path: '/api/veilgate/purchase/url/', query: { hash } }),
      await callRoute(statusRoute, { path: '/api/veilgate/sales/check-payment-status/', body: { hash } }),
      await callRoute(detailRoute, { path: '/api/veilgate/purchase-detail-by-hash/', query: { hash } }),
      await callRoute(successRoute, { path: '/api/veilgate/purchase/success-info/', query: { hash } }),
    ]
    for (const answer of answers) {
      expect(answer.status).toBe(200)
      expect(JSON.stringify(answer.body)).not.toContain(String(made.body.token))
      expect(answer.body).not.toHaveProperty('token')
    }
  })

  it('lets the confirmation link of a passwordless buyer sign them in, and says so in the e-mail', async () => {
    const input = await body('4242424242424242')
    expect((await buy(input)).status).toBe(200)
    const [mail] = await mailTo(payload, input.email, 'confirm-address')
    expect(mail?.text).toContain('The button also signs you in to your Veilgate ID: no password needed.')
    const confirmed = await callRoute(confirmRoute, { body: { token: tokenIn(mail?.text) } })
    expect(confirmed.body).toMatchObject({ confirmed: true, token: expect.stringMatching(TOKEN) })
    const info = await callRoute(accessInfo, { headers: { 'x-access-token': String(confirmed.body.token) } })
    expect(info.body).toMatchObject({ email: input.email, session: 'access' })

    // A buyer who chose a password confirms and signs in with it: no session from the link.
    const withPassword = await body('4242424242424242', { password, terms: true })
    expect((await buy(withPassword)).status).toBe(200)
    const [theirs] = await mailTo(payload, withPassword.email, 'confirm-address')
    expect(theirs?.text).not.toContain('no password needed')
    expect((await callRoute(confirmRoute, { body: { token: tokenIn(theirs?.text) } })).body).toEqual({ confirmed: true })
  })
})
