import { createHmac } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { read } from './fake-stripe'

/**
 * A small stand-in for PayPal's REST API as its sandbox answers: the OAuth token, Orders v2 (create
 * with a `PayPal-Request-Id`, get, capture), the payer-action page where a buyer approves or
 * cancels, vault tokens kept at capture and charged by a later order, and
 * verify-webhook-signature for the events it sends, which it signs its own way (a forged one is
 * `FAILURE`). Enough to drive the PayPal adapter through PayPal's own SDK, HTTP and all. It keeps
 * request ids like PayPal (same id → the same answer) and records each request.
 */
type Json = Record<string, unknown>
export type FakePaypalOrder = Json & { id: string; status: string; purchase_units: (Json & { custom_id?: string; invoice_id?: string; amount: { currency_code: string; value: string }; payments?: { captures: Json[] } })[]; payment_source?: Json }
export type FakePaypalEvent = { id: string; event_type: string; create_time: string; resource_type: string; resource: Json }

export type FakePaypal = {
  url: string
  clientId: string
  clientSecret: string
  webhookId: string
  orders: Map<string, FakePaypalOrder>
  /** Vault tokens, and whether charging one is declined. */
  vault: Map<string, { declines: boolean; deleted: boolean }>
  requests: { method: string; path: string; requestId: string | undefined; body: Json | null }[]
  /** The events PayPal would have sent so far, oldest first. */
  emitted: FakePaypalEvent[]
  /** The buyer on the payer-action page: approves (`instrumentDeclined`: with a funding source the capture will refuse once) or cancels; returns where PayPal sends the browser. */
  approve(id: string, options?: { instrumentDeclined?: boolean }): string
  cancel(id: string): string
  /** An event signed as this stand-in signs them (`forged`: with a signature it will not vouch for), as headers and a body. */
  signed(event: FakePaypalEvent, options?: { forged?: boolean }): { body: string; headers: Record<string, string> }
  /** The capture refunded (from PayPal's dashboard): its `PAYMENT.CAPTURE.REFUNDED`. */
  refund(orderId: string): FakePaypalEvent
  /** Set: PayPal cannot be reached (each connection is dropped). */
  down: boolean
  close(): Promise<void>
}

const SIGNING_SECRET = 'fake-paypal-signing'
const sign = (id: string, time: string, webhookId: string, body: string) => createHmac('sha256', SIGNING_SECRET).update(`${id}|${time}|${webhookId}|${body}`).digest('base64')

export async function startFakePaypal(): Promise<FakePaypal> {
  const clientId = 'fake-paypal-client-id'
  const clientSecret = 'fake-paypal-client-secret'
  const webhookId = 'WH-FAKE-0123456789'
  const orders = new Map<string, FakePaypalOrder>()
  const vault: FakePaypal['vault'] = new Map()
  const replies = new Map<string, { status: number; body: unknown }>()
  const requests: FakePaypal['requests'] = []
  const emitted: FakePaypalEvent[] = []
  const declining = new Set<string>()
  const tokens = new Set<string>()
  let counter = Date.now() % 100_000_000
  const fake = { down: false } as FakePaypal
  const id = (prefix: string) => `${prefix}${String(++counter).padStart(10, '0')}`.toUpperCase()
  const issue = (status: number, name: string, issueName: string) => ({ status, body: { name, message: issueName, debug_id: id('D'), details: [{ issue: issueName, description: issueName }] } })
  const emit = (eventType: string, resource: Json) => {
    const event = { id: `WH-${id('E')}`, event_type: eventType, create_time: new Date().toISOString(), resource_type: 'capture', resource: structuredClone(resource) }
    emitted.push(event)
    return event
  }
  const url = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const linksOf = (order: FakePaypalOrder) => [
    { href: `${url()}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
    ...(order.status === 'PAYER_ACTION_REQUIRED' ? [{ href: `${url()}/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' }] : []),
  ]
  const view = (order: FakePaypalOrder) => ({ ...order, links: linksOf(order) })

  /** A capture of the order's amount, COMPLETED (or DECLINED), with our ids and the order's id. */
  function capture(order: FakePaypalOrder, declined = false) {
    const unit = order.purchase_units[0]!
    const made = { id: id('C'), status: declined ? 'DECLINED' : 'COMPLETED', amount: unit.amount, custom_id: unit.custom_id, invoice_id: unit.invoice_id, final_capture: true, supplementary_data: { related_ids: { order_id: order.id } }, create_time: new Date().toISOString() }
    unit.payments = { captures: [made] }
    order.status = 'COMPLETED'
    emit(declined ? 'PAYMENT.CAPTURE.DENIED' : 'PAYMENT.CAPTURE.COMPLETED', made)
    return made
  }

  function createOrder(body: Json): { status: number; body: unknown } {
    const units = (body.purchase_units as FakePaypalOrder['purchase_units'] | undefined) ?? []
    if (body.intent !== 'CAPTURE' || units.length !== 1 || !/^\d+\.\d{2}$/.test(units[0]!.amount?.value ?? '')) return issue(400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON')
    const paypal = ((body.payment_source as Json | undefined)?.paypal ?? {}) as Json
    const order: FakePaypalOrder = { id: id('O'), status: 'PAYER_ACTION_REQUIRED', intent: 'CAPTURE', purchase_units: units.map((unit) => ({ ...unit })), payment_source: { paypal: { ...paypal } }, create_time: new Date().toISOString() }
    orders.set(order.id, order)
    // A renewal: the payer's vault token charged at once, without them.
    if (typeof paypal.vault_id === 'string') {
      const token = vault.get(paypal.vault_id)
      if (!token || token.deleted) return issue(422, 'UNPROCESSABLE_ENTITY', 'PAYMENT_SOURCE_INFO_CANNOT_BE_VERIFIED')
      capture(order, token.declines)
    }
    return { status: 201, body: view(order) }
  }

  function captureOrder(orderId: string): { status: number; body: unknown } {
    const order = orders.get(orderId)
    if (!order) return issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID')
    if (order.status === 'COMPLETED') return issue(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED')
    if (order.status !== 'APPROVED') return issue(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED')
    if (declining.has(orderId)) {
      // Like PayPal: the buyer must choose another funding source on the payer-action page.
      declining.delete(orderId)
      order.status = 'PAYER_ACTION_REQUIRED'
      return { ...issue(422, 'UNPROCESSABLE_ENTITY', 'INSTRUMENT_DECLINED'), body: { ...issue(422, 'UNPROCESSABLE_ENTITY', 'INSTRUMENT_DECLINED').body, links: [{ href: `${url()}/checkoutnow?token=${order.id}`, rel: 'redirect', method: 'GET' }] } }
    }
    capture(order)
    const paypal = ((order.payment_source as Json).paypal ?? {}) as Json
    const wanted = ((paypal.attributes as Json | undefined)?.vault as Json | undefined)?.store_in_vault === 'ON_SUCCESS'
    if (wanted) {
      const token = id('V').toLowerCase()
      vault.set(token, { declines: false, deleted: false })
      ;(order.payment_source as Json).paypal = { ...paypal, email_address: 'buyer@example.com', attributes: { vault: { id: token, status: 'VAULTED', customer: { id: id('CUS') } } } }
    }
    return { status: 201, body: view(order) }
  }

  const server: Server = createServer(async (request, response) => {
    if (fake.down) return request.socket.destroy()
    const path = new URL(request.url ?? '/', 'http://fake').pathname
    const query = new URL(request.url ?? '/', 'http://fake').searchParams
    const raw = request.method === 'POST' ? await read(request) : ''
    const json = raw && (request.headers['content-type'] ?? '').includes('json') ? (JSON.parse(raw) as Json) : null
    const requestId = request.headers['paypal-request-id'] as string | undefined
    requests.push({ method: request.method ?? 'GET', path, requestId, body: json })
    const send = (status: number, body: unknown, type = 'application/json') => {
      response.writeHead(status, { 'content-type': type, 'paypal-debug-id': id('D') })
      response.end(typeof body === 'string' ? body : JSON.stringify(body))
    }
    if (request.method === 'POST' && path === '/v1/oauth2/token') {
      const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64')
      if (request.headers.authorization !== `Basic ${basic}`) return send(401, { error: 'invalid_client', error_description: 'Client Authentication failed' })
      const token = `A21AA${id('T')}`
      tokens.add(token)
      return send(200, { scope: 'https://uri.paypal.com/services/payments/payment', access_token: token, token_type: 'Bearer', app_id: 'APP-FAKE', expires_in: 32400, nonce: id('N') })
    }
    if (path === '/checkoutnow') {
      const order = orders.get(query.get('token') ?? '')
      if (!order) return send(404, '<!doctype html><title>PayPal</title><p>Unknown order', 'text/html')
      const back = ((order.payment_source as Json).paypal as Json | undefined)?.experience_context as { return_url?: string; cancel_url?: string } | undefined
      const approveUrl = `${url()}/checkoutnow/approve?token=${order.id}`
      return send(200, `<!doctype html><html lang="en"><title>PayPal (stand-in)</title><main><h1>Pay with PayPal</h1><p>${order.purchase_units[0]!.amount.value} ${order.purchase_units[0]!.amount.currency_code}</p><a href="${approveUrl}">Pay Now</a> <a href="${back?.cancel_url ?? '/'}${back?.cancel_url?.includes('?') ? '&' : '?'}token=${order.id}">Cancel and return</a></main></html>`, 'text/html')
    }
    if (path === '/checkoutnow/approve') {
      const where = fake.approve(query.get('token') ?? '')
      response.writeHead(302, { location: where })
      return response.end()
    }
    if (!tokens.has(String(request.headers.authorization ?? '').replace(/^Bearer /, ''))) return send(401, { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.' })
    const replay = request.method === 'POST' && requestId ? replies.get(`${path}|${requestId}`) : undefined
    if (replay) return send(replay.status, replay.body)
    const answering = (answer: { status: number; body: unknown }) => {
      if (requestId) replies.set(`${path}|${requestId}`, answer)
      return send(answer.status, answer.body)
    }
    if (request.method === 'POST' && path === '/v2/checkout/orders') return answering(createOrder(json ?? {}))
    const captured = /^\/v2\/checkout\/orders\/([A-Z0-9]+)\/capture$/.exec(path)
    if (request.method === 'POST' && captured) return answering(captureOrder(captured[1]!))
    const one = /^\/v2\/checkout\/orders\/([A-Z0-9]+)$/.exec(path)
    if (request.method === 'GET' && one) {
      const order = orders.get(one[1]!)
      return order ? send(200, view(order)) : send(404, issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID').body)
    }
    const refundOf = /^\/v2\/payments\/captures\/([A-Z0-9]+)\/refund$/.exec(path)
    if (request.method === 'POST' && refundOf) {
      const order = [...orders.values()].find((candidate) => candidate.purchase_units[0]!.payments?.captures[0]?.id === refundOf[1])
      const made = order?.purchase_units[0]!.payments!.captures[0]
      if (!order || !made) return answering(issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID'))
      if (made.status === 'REFUNDED') return answering(issue(422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_FULLY_REFUNDED'))
      made.status = 'REFUNDED'
      const refund = emit('PAYMENT.CAPTURE.REFUNDED', { id: id('R'), status: 'COMPLETED', amount: made.amount, custom_id: (json as { custom_id?: string } | null)?.custom_id ?? made.custom_id, invoice_id: made.invoice_id, links: [{ rel: 'up', href: `${url()}/v2/payments/captures/${String(made.id)}` }] }).resource
      return answering({ status: 201, body: refund })
    }
    const token = /^\/v3\/vault\/payment-tokens\/([a-z0-9]+)$/.exec(path)
    if (request.method === 'DELETE' && token) {
      const kept = vault.get(token[1]!)
      if (!kept || kept.deleted) return send(404, issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID').body)
      kept.deleted = true
      response.writeHead(204)
      return response.end()
    }
    if (request.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const body = json as { transmission_id?: string; transmission_time?: string; transmission_sig?: string; webhook_id?: string; webhook_event?: unknown; cert_url?: string; auth_algo?: string } | null
      if (!body?.transmission_id || !body.transmission_time || !body.transmission_sig || !body.webhook_id || !body.webhook_event || !body.cert_url || !body.auth_algo) return send(400, issue(400, 'VALIDATION_ERROR', 'MISSING_REQUIRED_PARAMETER').body)
      const expected = sign(body.transmission_id, body.transmission_time, body.webhook_id, JSON.stringify(body.webhook_event))
      const fresh = Math.abs(Date.now() - Date.parse(body.transmission_time)) < 300_000
      return send(200, { verification_status: body.webhook_id === webhookId && body.transmission_sig === expected && fresh ? 'SUCCESS' : 'FAILURE' })
    }
    send(404, issue(404, 'NOT_FOUND', 'RESOURCE_NOT_FOUND').body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))

  const back = (order: FakePaypalOrder, which: 'return_url' | 'cancel_url') => {
    const target = String((((order.payment_source as Json).paypal as Json | undefined)?.experience_context as Json | undefined)?.[which] ?? '')
    return `${target}${target.includes('?') ? '&' : '?'}token=${order.id}${which === 'return_url' ? '&PayerID=FAKEPAYER01' : ''}`
  }
  return Object.assign(fake, {
    url: url(),
    clientId,
    clientSecret,
    webhookId,
    orders,
    vault,
    requests,
    emitted,
    approve(orderId: string, options: { instrumentDeclined?: boolean } = {}) {
      const order = orders.get(orderId)!
      if (order.status === 'PAYER_ACTION_REQUIRED') order.status = 'APPROVED'
      if (options.instrumentDeclined) declining.add(orderId)
      return back(order, 'return_url')
    },
    cancel: (orderId: string) => back(orders.get(orderId)!, 'cancel_url'),
    signed(event: FakePaypalEvent, options: { forged?: boolean } = {}) {
      const body = JSON.stringify(event)
      const transmissionId = id('TX').toLowerCase()
      const time = new Date().toISOString()
      const signature = options.forged ? sign(transmissionId, time, webhookId, `${body} `) : sign(transmissionId, time, webhookId, JSON.stringify(JSON.parse(body)))
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': `${url()}/v1/notifications/certs/CERT-FAKE`,
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-sig': signature,
          'paypal-transmission-time': time,
        },
      }
    },
    refund(orderId: string) {
      const order = orders.get(orderId)!
      const made = order.purchase_units[0]!.payments!.captures[0]!
      made.status = 'REFUNDED'
      return emit('PAYMENT.CAPTURE.REFUNDED', { id: id('R'), status: 'COMPLETED', amount: made.amount, custom_id: made.custom_id, invoice_id: made.invoice_id, links: [{ rel: 'up', href: `${url()}/v2/payments/captures/${String(made.id)}` }] })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  })
}
