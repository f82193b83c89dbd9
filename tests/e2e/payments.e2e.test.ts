import { randomUUID } from 'node:crypto'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baseUrl, connectBrowser, newPage } from './browser'
import { adminCredentials } from './admin'

let browser: Browser
let adminToken = ''

async function api(path: string, init: { body?: unknown; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> }
}

const tokenize = async (number: string) => {
  const answer = await api('/api/payments/sandbox/tokenize', { body: { number, expMonth: 12, expYear: 2034, cvc: '123' } })
  expect(answer.status, number).toBe(200)
  return String(answer.body.token)
}

const buy = (body: Record<string, unknown>, key = randomUUID()) =>
  api('/api/veilgate/purchase/url-with-email/', { body: { email: `e2e-buyer-${randomUUID()}@example.com`, receiveMarketingEmails: false, plan: 'vpn-1y', paymentMethod: 'card', country: 'FR', locale: 'en', ...body }, headers: { 'idempotency-key': key } })

const admin = async (path: string) => (await api(`/cms-api${path}`, { headers: { authorization: `JWT ${adminToken}` } })).body

beforeAll(async () => {
  browser = await connectBrowser()
  adminToken = String((await api('/cms-api/admins/login', { body: adminCredentials() })).body.token)
})

afterAll(async () => {
  await browser?.close()
})

describe('card payments on the production build', () => {
  it('buys vpn-1y with 5 slots and a static IP for what cost/ quoted, once per key, and the admin shows it', async () => {
    const cost = await api('/api/veilgate/purchase/cost/?plan=vpn-1y&slots=5&ipRegion=de-frankfurt')
    expect(cost.status).toBe(200)
    const key = randomUUID()
    const body = { email: `e2e-twin-${randomUUID()}@example.com`, slots: 5, ipRegion: 'de-frankfurt', cardToken: await tokenize('4242 4242 4242 4242') }
    const [first, twin] = await Promise.all([buy(body, key), buy(body, key)])
    expect(first).toMatchObject({ status: 200, body: { status: 'paid' } })
    expect(twin.body).toEqual(first.body)
    expect((await buy({ ...body, slots: 10 }, key)).body).toMatchObject({ statusCode: 409, code: 'IDEMPOTENCY_KEY_REUSED' })

    const orders = (await admin(`/orders?where[publicHash][equals]=${first.body.hash}&depth=0`)).docs as Record<string, unknown>[]
    expect(orders).toHaveLength(1)
    const quote = (cost.body as { quote: { total: number; lines: { id: string; amount: number }[] } }).quote
    expect(orders[0]).toMatchObject({ status: 'paid', total: quote.total, country: 'FR' })
    expect((orders[0]!.lines as { purchaseId: string; amount: number }[]).map((line) => [line.purchaseId, line.amount])).toEqual(quote.lines.map((line) => [line.id, line.amount]))
    const attempts = (await admin(`/payment-attempts?where[order][equals]=${orders[0]!.id}&depth=0`)).docs as Record<string, unknown>[]
    expect(attempts).toMatchObject([{ brand: 'visa', last4: '4242', status: 'succeeded' }])
    expect(JSON.stringify(attempts)).not.toContain('4242424242424242')
    // Visitors and customers never read orders.
    expect((await api(`/cms-api/orders`)).status).toBe(403)
    // The sandbox's signed event came back over HTTP to the card route and was taken in once.
    await expect
      .poll(async () => ((await admin(`/webhook-events?where[order][equals]=${orders[0]!.id}&depth=0`)).docs as { processedAt?: string }[]).filter((event) => event.processedAt).length, { timeout: 20_000 })
      .toBe(1)
    const subscriptions = (await admin(`/subscriptions?where[order][equals]=${orders[0]!.id}&depth=0`)).docs as Record<string, unknown>[]
    expect(subscriptions).toMatchObject([{ plan: 'vpn-1y', status: 'active', autoRenew: true }])
    expect((await api('/api/veilgate/purchase/stripe', { body: { id: 'evt_x' } })).body).toMatchObject({ statusCode: 400, code: 'INVALID_SIGNATURE' })

    const page = await newPage(browser)
    expect((await page.request.post('/cms-api/admins/login', { data: adminCredentials() })).ok()).toBe(true)
    await page.goto(`/admin/collections/orders/${orders[0]!.id}`)
    await expect.poll(() => page.locator('input[name="publicHash"], #field-publicHash').first().inputValue().catch(() => ''), { timeout: 15_000 }).toBe(String(first.body.hash))
    await page.close()
  })

  it('answers declines in the buyer’s language, and 3-D Secure fail, retry, complete → paid on one order', async () => {
    expect((await buy({ locale: 'de', cardToken: await tokenize('4000000000000002') })).body).toMatchObject({ statusCode: 402, code: 'CARD_DECLINED', message: 'Ihre Karte wurde abgelehnt.' })
    expect((await buy({ locale: 'ar', cardToken: await tokenize('4000000000009995') })).body).toMatchObject({ statusCode: 402, code: 'INSUFFICIENT_FUNDS', message: 'رصيد بطاقتك غير كافٍ.' })
    const secure = async (url: unknown, outcome: string) => (await api(`/api/payments${String(url)}`, { body: { outcome } })).body
    const started = await buy({ cardToken: await tokenize('4000002760003184') })
    expect(started.body).toMatchObject({ status: 'requires_action', url: expect.stringMatching(/^\/sandbox\/3ds\//) })
    expect(await secure(started.body.url, 'fail')).toEqual({ url: `/order/checkout?hash=${started.body.hash}` })
    const again = await buy({ hash: started.body.hash, cardToken: await tokenize('4000002760003184') })
    expect(again.body).toMatchObject({ hash: started.body.hash, status: 'requires_action' })
    expect(await secure(again.body.url, 'complete')).toEqual({ url: `/payment-success?hash=${started.body.hash}` })
    expect((await api(`/api/veilgate/purchase/url/?hash=${started.body.hash}`)).body).toMatchObject({ status: 'paid' })
    expect(((await admin(`/orders?where[publicHash][equals]=${started.body.hash}&depth=0`)).docs as unknown[]).length).toBe(1)
  })
})
