import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A small stand-in for Stripe's PaymentIntents API (create with confirm, retrieve, search, and
 * detaching a saved PaymentMethod), as
 * its test mode answers for the test PaymentMethods: enough to drive the Stripe adapter through
 * its real client, HTTP and all. It keeps idempotency keys like Stripe (same key → the same
 * answer) and records each request.
 */
type Intent = Record<string, unknown> & { id: string; status: string; metadata: Record<string, string> }

const cards: Record<string, { brand: string; last4: string; outcome: 'succeed' | 'three-d-secure' | 'unreachable' | { code: string; decline_code?: string } }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: 'succeed' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', outcome: 'succeed' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', outcome: { code: 'card_declined', decline_code: 'generic_decline' } },
  pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', outcome: { code: 'card_declined', decline_code: 'insufficient_funds' } },
  pm_card_chargeDeclinedLostCard: { brand: 'visa', last4: '9987', outcome: { code: 'card_declined', decline_code: 'lost_card' } },
  pm_card_chargeDeclinedExpiredCard: { brand: 'visa', last4: '0069', outcome: { code: 'expired_card' } },
  pm_card_threeDSecure2Required: { brand: 'visa', last4: '3220', outcome: 'three-d-secure' },
  /** Not Stripe's: the charge happens but no answer (nor a resent request's) arrives. */
  pm_card_unreachable: { brand: 'visa', last4: '4242', outcome: 'unreachable' },
}

export type FakeStripe = {
  url: string
  requests: { method: string; path: string; idempotencyKey: string | undefined; authorization: string | undefined; form: URLSearchParams }[]
  intents: Map<string, Intent>
  /** The buyer finishes (or fails) 3-D Secure at the bank. */
  authenticate(id: string, ok: boolean): void
  close(): Promise<void>
}

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => resolve(body))
  })

export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, Intent>()
  const replies = new Map<string, { status: number; body: unknown; drop?: boolean }>()
  const requests: FakeStripe['requests'] = []
  const detached = new Set<string>()
  let counter = 0

  function create(form: URLSearchParams): { status: number; body: unknown; drop?: boolean } {
    const pm = form.get('payment_method') ?? ''
    // `pm_card_visa__2`: another PaymentMethod of the same test card.
    const card = cards[pm.replace(/__\w+$/, '')]
    if (!card) return { status: 400, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such PaymentMethod: '${pm}'`, param: 'payment_method' } } }
    const metadata: Record<string, string> = {}
    for (const [key, value] of form) {
      const match = /^metadata\[(.+)\]$/.exec(key)
      if (match) metadata[match[1]!] = value
    }
    const intent: Intent = {
      id: `pi_fake_${++counter}`,
      object: 'payment_intent',
      amount: Number(form.get('amount')),
      currency: form.get('currency'),
      metadata,
      payment_method: { id: pm, object: 'payment_method', card: { brand: card.brand, last4: card.last4 } },
      status: 'succeeded',
      next_action: null,
      last_payment_error: null,
    }
    intents.set(intent.id, intent)
    if (card.outcome === 'three-d-secure') {
      intent.status = 'requires_action'
      intent.next_action = { type: 'redirect_to_url', redirect_to_url: { url: `https://hooks.stripe.test/3d_secure_2/${intent.id}`, return_url: form.get('return_url') } }
    } else if (typeof card.outcome === 'object') {
      intent.status = 'requires_payment_method'
      intent.last_payment_error = { type: 'card_error', ...card.outcome }
      return { status: 402, body: { error: { type: 'card_error', message: 'Your card was declined.', ...card.outcome, payment_intent: intent } } }
    }
    return { status: 200, body: intent, drop: card.outcome === 'unreachable' }
  }

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake')
    const form = new URLSearchParams(request.method === 'POST' ? await read(request) : url.search)
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined
    requests.push({ method: request.method ?? 'GET', path: url.pathname, idempotencyKey, authorization: request.headers.authorization, form })
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${requests.length}` })
      response.end(JSON.stringify(body))
    }
    if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const replay = idempotencyKey ? replies.get(idempotencyKey) : undefined
      if (replay) return replay.drop ? request.socket.destroy() : send(replay.status, replay.body)
      const answer = create(form)
      if (idempotencyKey) replies.set(idempotencyKey, answer)
      if (answer.drop) return request.socket.destroy()
      return send(answer.status, answer.body)
    }
    if (request.method === 'GET' && url.pathname === '/v1/payment_intents/search') {
      const key = /metadata\['attemptKey'\]:'([^']*)'/.exec(form.get('query') ?? '')?.[1]
      const data = [...intents.values()].filter((intent) => intent.metadata.attemptKey === key)
      return send(200, { object: 'search_result', data, has_more: false, url: '/v1/payment_intents/search' })
    }
    const detach = /^\/v1\/payment_methods\/([A-Za-z0-9_]+)\/detach$/.exec(url.pathname)
    if (request.method === 'POST' && detach) {
      // Like Stripe: a PaymentMethod no customer holds cannot be detached (again).
      if (detached.has(detach[1]!)) return send(400, { error: { type: 'invalid_request_error', message: 'The payment method you provided is not attached to a customer so detachment is impossible.' } })
      detached.add(detach[1]!)
      return send(200, { id: detach[1], object: 'payment_method', customer: null })
    }
    const one = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)$/.exec(url.pathname)
    if (request.method === 'GET' && one) {
      const intent = intents.get(one[1]!)
      return intent ? send(200, intent) : send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } })
    }
    send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    authenticate(id, ok) {
      const intent = intents.get(id)!
      intent.next_action = null
      if (ok) intent.status = 'succeeded'
      else {
        intent.status = 'requires_payment_method'
        intent.last_payment_error = { type: 'card_error', code: 'payment_intent_authentication_failure' }
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
