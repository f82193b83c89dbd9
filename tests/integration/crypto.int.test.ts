// Crypto payments through the sandbox: bitcoin (BTCPay's deliveries) and CoinPayments (IPNs) invoices paid, paid short or expired, on the shared intake.
import { getPayload, type Payload } from 'payload'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { POST as invoiceRoute } from '@/app/api/payments/sandbox/invoice/[attempt]/route'
import { GET as bitcoinReturn, POST as bitcoinRoute } from '@/app/api/veilgate/purchase/bitcoin/route'
import { GET as coinpaymentsReturn, POST as coinpaymentsRoute } from '@/app/api/veilgate/purchase/coinpayments/route'
import { GET as successInfoRoute } from '@/app/api/veilgate/purchase/success-info/route'
import { GET as urlRoute } from '@/app/api/veilgate/purchase/url/route'
import { POST as amazonRoute } from '@/app/api/veilgate/purchase/amazon/route'
import { GET as paymentwallRoute } from '@/app/api/veilgate/purchase/paymentwall/route'
import { POST as paypalRoute } from '@/app/api/veilgate/purchase/paypal/route'
import { POST as cardRoute } from '@/app/api/veilgate/purchase/stripe/route'
import { POST as purchaseRoute } from '@/app/api/veilgate/purchase/url-with-email/route'
import { GET as costRoute } from '@/app/api/veilgate/purchase/cost/route'
import { resetEnv } from '@/lib/env'
import { query } from '@/services/db'
import { expireDueOrders } from '@/services/orders/maintenance'
import { setWebhookTransport } from '@/services/payments/sandbox/deliver'
import { sandboxWebhookSecret } from '@/services/payments/sandbox/provider'
import { btcpaySignature } from '@/services/payments/bitcoin/btcpay'
import { ipnSignature, sandboxIpn, sandboxMerchant } from '@/services/payments/coinpayments/ipn'
import { bech32Valid, formatBtc, satsFor } from '@/services/payments/crypto/invoice'
import { drainWebhooks as drainPending } from '../support/webhooks'
import { mailTo } from '../support/mail'
import { callRoute } from '../support/routes'

let payload: Payload
let buyers = 0

/** What the sandbox sent, delivered in process to the route it names. */
type Sent = { url: string; method: 'POST' | 'GET'; headers: Record<string, string>; body?: string }
let sent: Sent[] = []

async function send(handler: (request: Request, context: never) => Promise<Response>, url: string, init: { method: string; headers?: Record<string, string>; body?: string }) {
  const response = await handler(new Request(new URL(url, 'http://localhost:3000'), init), {} as never)
  return { status: response.status, text: await response.text(), location: response.headers.get('location') }
}
// Every route the sandbox delivers to: events other files left in the shared queue go where they belong.
const routes: [string, (request: Request, context: never) => Promise<Response>][] = [
  ['/purchase/coinpayments', coinpaymentsRoute],
  ['/purchase/bitcoin', bitcoinRoute],
  ['/purchase/paymentwall', paymentwallRoute],
  ['/purchase/paypal', paypalRoute],
  ['/purchase/amazon', amazonRoute],
]
const routeFor = (url: string) => routes.find(([path]) => url.includes(path))?.[1] ?? cardRoute
const redeliver = (delivery: Sent) => send(routeFor(delivery.url), delivery.url, delivery)

function setEnv(values: Record<string, string | undefined>) {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete (process.env as Record<string, string | undefined>)[key]
    else (process.env as Record<string, string>)[key] = value
  }
  resetEnv()
}

beforeAll(async () => {
  payload = await getPayload({ config })
  setEnv({ SANDBOX_CRYPTO_CONFIRM_SECONDS: '0' })
})
afterEach(() => {
  setWebhookTransport(null)
  sent = []
})
afterAll(async () => {
  setEnv({ SANDBOX_CRYPTO_CONFIRM_SECONDS: undefined, CLOCK_NOW: undefined })
  await drainPending(payload)
})

/** Deliveries go to the routes in process, and are kept for replaying. */
function deliverInProcess() {
  setWebhookTransport(async (url, init) => {
    sent.push({ url, ...init })
    return { status: (await redeliver({ url, ...init })).status }
  })
}
const drainWebhooks = () => drainPending(payload)

/** What the sandbox sent about one invoice (the shared queue also carries other files' events). */
const sentFor = (reference: string) => sent.filter((delivery) => /\/purchase\/(?:bitcoin|coinpayments)/.test(delivery.url) && (delivery.body!.includes(`"${reference}"`) || delivery.body!.includes(`=${reference}&`)))
const typesFor = (reference: string) => sentFor(reference).map((delivery) => JSON.parse(delivery.body!).type as string)

const orderOf = async (hash: unknown) => (await payload.find({ collection: 'orders', where: { publicHash: { equals: String(hash) } }, depth: 0, overrideAccess: true })).docs[0]!
const attemptOf = async (orderId: number) => (await payload.find({ collection: 'payment-attempts', where: { order: { equals: orderId } }, sort: '-number', depth: 0, overrideAccess: true })).docs[0]!

function buy(method: 'bitcoin' | 'coinpayments', overrides: Record<string, unknown> = {}) {
  const email = `crypto-${Date.now()}-${++buyers}@example.com`
  const body = { email, receiveMarketingEmails: false, plan: 'vpn-1y', paymentMethod: method, country: 'DE', locale: 'en', ...overrides }
  return callRoute(purchaseRoute, { path: '/api/veilgate/purchase/url-with-email/', body, headers: { 'idempotency-key': `crypto-key-${Date.now()}-${buyers}` } }).then((answer) => ({ ...answer, email }))
}
const referenceOf = (url: unknown) => String(url).split('/').pop()!
const answerInvoice = (reference: string, action: string) => callRoute(invoiceRoute, { path: `/api/payments/sandbox/invoice/${reference}`, body: { action }, params: { attempt: reference } })
const successInfo = (hash: unknown) => callRoute(successInfoRoute, { path: '/api/veilgate/purchase/success-info/', query: { hash: String(hash) } })

describe('a bitcoin invoice', () => {
  it('is offered for every plan but the trials, and made with the order: its address, its BTC amount, its 30 minutes', async () => {
    const cost = await callRoute(costRoute, { path: '/api/veilgate/purchase/cost/', query: { plan: 'vpn-1y' } })
    expect(cost.body.methods).toEqual(expect.arrayContaining(['bitcoin', 'coinpayments']))
    const started = Date.now()
    const bought = await buy('bitcoin')
    expect(bought.status).toBe(200)
    expect(bought.body).toMatchObject({ status: 'requires_action', url: expect.stringMatching(/^\/sandbox\/invoice\/sbx_\d+_1$/) })
    const order = await orderOf(bought.body.hash)
    expect(order.status).toBe('requires_action')
    expect(order.autoRenew).toBe(false)
    const attempt = await attemptOf(order.id)
    const invoice = attempt.invoice as { status: string; address: string; amount: number; received: number; expiresAt: string }
    expect(invoice).toMatchObject({ status: 'new', amount: satsFor(order.total, 60000), received: 0 })
    expect(bech32Valid(invoice.address)).toBe(true)
    // The order lasts as long as its invoice: 30 minutes.
    expect(new Date(order.expiresAt).toISOString()).toBe(invoice.expiresAt)
    expect(new Date(invoice.expiresAt).getTime() - started).toBeGreaterThan(29 * 60_000)
    expect(new Date(invoice.expiresAt).getTime() - started).toBeLessThanOrEqual(30 * 60_000 + 60_000)
    expect((await successInfo(bought.body.hash)).body.invoice).toEqual({ status: 'new', amount: formatBtc(invoice.amount), missing: formatBtc(invoice.amount), expiresAt: invoice.expiresAt })
    // The browser return of an open invoice leads back to its page; an unknown one is not found.
    const back = await send(bitcoinReturn, `/api/veilgate/purchase/bitcoin?token=${referenceOf(bought.body.url)}`, { method: 'GET' })
    expect(back.status).toBe(303)
    expect(back.location).toContain(`/sandbox/invoice/${referenceOf(bought.body.url)}`)
    expect((await send(bitcoinReturn, '/api/veilgate/purchase/bitcoin?token=sbx_999999_1', { method: 'GET' })).status).toBe(404)
    expect((await send(bitcoinReturn, '/api/veilgate/purchase/bitcoin', { method: 'GET' })).status).toBe(400)
  })

  it('paid in full: seen, the order waits with its 24 hours back (no sweep cuts the confirmation short), then paid, the receipt sent', async () => {
    setEnv({ SANDBOX_CRYPTO_CONFIRM_SECONDS: '2' })
    try {
      deliverInProcess()
      const bought = await buy('bitcoin')
      const reference = referenceOf(bought.body.url)
      const paid = await answerInvoice(reference, 'pay')
      expect(paid.body).toEqual({ url: `/payment-success?hash=${bought.body.hash}` })
      await drainWebhooks()
      let order = await orderOf(bought.body.hash)
      expect(order.status).toBe('awaiting_provider')
      expect(new Date(order.expiresAt).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000)
      expect((await attemptOf(order.id)).invoice).toMatchObject({ status: 'seen' })
      expect((await successInfo(bought.body.hash)).body.invoice).toMatchObject({ status: 'seen', missing: formatBtc(0) })
      // The sweep after the invoice's 30 minutes leaves an order whose coins confirm.
      expect(await expireDueOrders(payload, new Date(Date.now() + 31 * 60_000))).toBeGreaterThanOrEqual(0)
      expect((await orderOf(bought.body.hash)).status).toBe('awaiting_provider')
      // Pressed again: nothing more happens.
      expect((await answerInvoice(reference, 'underpay')).body).toEqual({ url: `/payment-success?hash=${bought.body.hash}` })
      expect(typesFor(reference)).toEqual(['InvoiceReceivedPayment'])
      // The confirmation goes out after its 2 seconds.
      await new Promise((resolve) => setTimeout(resolve, 2300))
      await drainWebhooks()
      order = await orderOf(bought.body.hash)
      expect(order.status).toBe('paid')
      expect(typesFor(reference)).toEqual(['InvoiceReceivedPayment', 'InvoiceSettled'])
      expect(sentFor(reference).every((delivery) => delivery.headers['btcpay-sig'] === btcpaySignature(sandboxWebhookSecret(payload), delivery.body!))).toBe(true)
      expect((await attemptOf(order.id)).invoice).toMatchObject({ status: 'settled' })
      expect(await mailTo(payload, bought.email, 'receipt')).toHaveLength(1)
    } finally {
      setEnv({ SANDBOX_CRYPTO_CONFIRM_SECONDS: '0' })
    }
  })

  it('takes each delivery ×10 and in reverse order with one effect; a late "seen" after "settled" changes nothing', async () => {
    deliverInProcess()
    const bought = await buy('bitcoin')
    await answerInvoice(referenceOf(bought.body.url), 'pay')
    await drainWebhooks()
    const order = await orderOf(bought.body.hash)
    expect(order.status).toBe('paid')
    const deliveries = sentFor(referenceOf(bought.body.url))
    expect(deliveries).toHaveLength(2)
    for (const delivery of [...deliveries].reverse()) {
      for (let copy = 0; copy < 10; copy++) expect((await redeliver(delivery)).status).toBe(200)
    }
    const after = await orderOf(bought.body.hash)
    expect(after.status).toBe('paid')
    expect(after.version).toBe(order.version)
    expect((await payload.count({ collection: 'subscriptions', where: { order: { equals: order.id } }, overrideAccess: true })).totalDocs).toBe(1)
    const events = await query<{ count: string }>(payload, `select count(*) from webhook_events where provider = 'bitcoin' and order_id = $1`, [order.id])
    expect(Number(events[0]!.count)).toBe(2)
  })

  it('left to expire: the order expires, the success page says so', async () => {
    deliverInProcess()
    const bought = await buy('bitcoin')
    const answer = await answerInvoice(referenceOf(bought.body.url), 'expire')
    expect(answer.body).toEqual({ url: `/payment-success?hash=${bought.body.hash}` })
    await drainWebhooks()
    expect((await orderOf(bought.body.hash)).status).toBe('expired')
    expect(typesFor(referenceOf(bought.body.url))).toEqual(['InvoiceExpired'])
    expect((await successInfo(bought.body.hash)).body.invoice).toMatchObject({ status: 'expired' })
    // Paying an expired invoice does nothing.
    await answerInvoice(referenceOf(bought.body.url), 'pay')
    expect((await orderOf(bought.body.hash)).status).toBe('expired')
  })

  it('unpaid for 30 minutes expires by the clock (CLOCK_NOW), on reading and by the sweep', async () => {
    const first = await buy('bitcoin')
    const second = await buy('bitcoin')
    setEnv({ CLOCK_NOW: new Date(Date.now() + 31 * 60_000).toISOString() })
    try {
      const read = await callRoute(urlRoute, { path: '/api/veilgate/purchase/url/', query: { hash: String(first.body.hash) } })
      expect(read.status).toBeLessThan(500)
      expect((await orderOf(first.body.hash)).status).toBe('expired')
      await expireDueOrders(payload, new Date(process.env.CLOCK_NOW!))
      expect((await orderOf(second.body.hash)).status).toBe('expired')
    } finally {
      setEnv({ CLOCK_NOW: undefined })
    }
  })

  it('refuses bad signatures and malformed deliveries with a 4xx, changing nothing', async () => {
    const bought = await buy('bitcoin')
    const order = await orderOf(bought.body.hash)
    const body = JSON.stringify({ deliveryId: 'forged-1', type: 'InvoiceSettled', invoiceId: referenceOf(bought.body.url), metadata: { orderId: String(order.id) } })
    const post = (raw: string, headers: Record<string, string>) => send(bitcoinRoute, '/api/veilgate/purchase/bitcoin', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: raw })
    expect((await post(body, {})).status).toBe(400)
    expect(JSON.parse((await post(body, { 'btcpay-sig': btcpaySignature('not-the-secret-0123456789', body) })).text)).toMatchObject({ code: 'INVALID_SIGNATURE' })
    for (const raw of ['{', '[]', JSON.stringify({ type: 'InvoiceSettled' }), 'x'.repeat(70_000)]) {
      const answer = await post(raw, { 'btcpay-sig': btcpaySignature(sandboxWebhookSecret(payload), raw) })
      expect(answer.status).toBeGreaterThanOrEqual(400)
      expect(answer.status).toBeLessThan(500)
    }
    expect((await orderOf(bought.body.hash)).status).toBe('requires_action')
  })
})

describe('a CoinPayments invoice', () => {
  it('paid short: the order fails PAYMENT_UNDERPAID (retryable), the missing BTC kept and told; the IPN is answered "IPN OK"', async () => {
    deliverInProcess()
    const bought = await buy('coinpayments', { locale: 'de' })
    expect(bought.body).toMatchObject({ status: 'requires_action', url: expect.stringMatching(/^\/sandbox\/invoice\//) })
    await answerInvoice(referenceOf(bought.body.url), 'underpay')
    await drainWebhooks()
    const order = await orderOf(bought.body.hash)
    expect(order.status).toBe('failed')
    expect(order.failure).toMatchObject({ code: 'PAYMENT_UNDERPAID', retryable: true })
    const attempt = await attemptOf(order.id)
    const invoice = attempt.invoice as { amount: number; received: number }
    expect(invoice).toMatchObject({ status: 'underpaid', received: Math.floor(invoice.amount / 2) })
    expect((await successInfo(bought.body.hash)).body.invoice).toMatchObject({ status: 'underpaid', missing: formatBtc(invoice.amount - invoice.received) })
    const ipns = sentFor(referenceOf(bought.body.url))
    expect(ipns).toHaveLength(1)
    const ipn = new URLSearchParams(ipns[0]!.body!)
    expect(Object.fromEntries(ipn)).toMatchObject({ ipn_version: '1.0', ipn_mode: 'hmac', status: '-1', txn_id: referenceOf(bought.body.url), amount2: formatBtc(invoice.amount), received_amount: formatBtc(invoice.received) })
    expect(ipns[0]!.headers.hmac).toBe(ipnSignature(sandboxWebhookSecret(payload), ipns[0]!.body!))
    const replay = await redeliver(ipns[0]!)
    expect(replay).toMatchObject({ status: 200, text: 'IPN OK' })
    // Paid short, the buyer has the order's 24 hours to pay it another way.
    expect(new Date(order.expiresAt).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000)
  })

  it('paid in full: status 1 then 100, the order paid, replays and reorders change nothing', async () => {
    deliverInProcess()
    const bought = await buy('coinpayments')
    await answerInvoice(referenceOf(bought.body.url), 'pay')
    await drainWebhooks()
    const order = await orderOf(bought.body.hash)
    expect(order.status).toBe('paid')
    const ipns = sentFor(referenceOf(bought.body.url))
    expect(ipns.map((delivery) => new URLSearchParams(delivery.body!).get('status'))).toEqual(['1', '100'])
    for (const delivery of [...ipns].reverse()) for (let copy = 0; copy < 10; copy++) expect((await redeliver(delivery)).text).toBe('IPN OK')
    expect((await orderOf(bought.body.hash)).version).toBe(order.version)
  })

  it('refuses another merchant, a bad HMAC and malformed forms with a 4xx; its browser return leads to the order', async () => {
    const bought = await buy('coinpayments')
    const reference = referenceOf(bought.body.url)
    const order = await orderOf(bought.body.hash)
    const secret = sandboxWebhookSecret(payload)
    const post = (raw: string, hmac?: string) => send(coinpaymentsRoute, '/api/veilgate/purchase/coinpayments', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...(hmac ? { hmac } : {}) }, body: raw })
    const fields = sandboxIpn({ providerRef: reference, state: 'settled', merchant: sandboxMerchant(secret), orderId: order.id, attempt: 1, amount: 100, received: 100 })
    const other = new URLSearchParams({ ...fields, merchant: 'a'.repeat(32) }).toString()
    expect((await post(other, ipnSignature(secret, other))).status).toBe(400)
    const good = new URLSearchParams(fields).toString()
    expect(JSON.parse((await post(good, 'f'.repeat(128))).text)).toMatchObject({ code: 'INVALID_SIGNATURE' })
    expect((await post(good)).status).toBe(400)
    for (const raw of ['', 'status=100&status=100', good.replace('ipn_version=1.0', 'ipn_version=2'), '%%%']) {
      const answer = await post(raw, ipnSignature(secret, raw))
      expect(answer.status).toBeGreaterThanOrEqual(400)
      expect(answer.status).toBeLessThan(500)
    }
    expect((await orderOf(bought.body.hash)).status).toBe('requires_action')
    // The other provider's route does not know this invoice.
    expect((await send(bitcoinReturn, `/api/veilgate/purchase/bitcoin?token=${reference}`, { method: 'GET' })).status).toBe(404)
    await answerInvoice(reference, 'expire')
    const back = await send(coinpaymentsReturn, `/api/veilgate/purchase/coinpayments?token=${reference}`, { method: 'GET' })
    expect(back.status).toBe(303)
    expect(back.location).toContain(`/payment-success?hash=${bought.body.hash}`)
  })

  it('the invoice page’s answers: unknown → 404, a bad action → 400, the sandbox refused → 503', async () => {
    expect((await answerInvoice('sbx_999999_1', 'pay')).status).toBe(404)
    const bought = await buy('coinpayments')
    expect((await answerInvoice(referenceOf(bought.body.url), 'steal')).status).toBe(400)
    const saved = { NODE_ENV: process.env.NODE_ENV, SITE_URL: process.env.SITE_URL, PAYMENTS_SANDBOX: process.env.PAYMENTS_SANDBOX }
    setEnv({ NODE_ENV: 'production', SITE_URL: 'https://www.veilgate.com', PAYMENTS_SANDBOX: undefined })
    try {
      expect((await answerInvoice(referenceOf(bought.body.url), 'pay')).status).toBe(503)
    } finally {
      setEnv(saved)
    }
    expect((await orderOf(bought.body.hash)).status).toBe('requires_action')
  })
})
