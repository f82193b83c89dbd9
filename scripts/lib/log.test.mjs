// Unit tests of the JSON logger: request ids, and redaction on the objects the site really logs.
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createLogger, redactText, redactValue, requestContext, requestId } from './log.mjs'

/** A logger writing to memory, and its lines parsed. */
function memoryLogger(level = 'info') {
  const lines = []
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line))
      done()
    },
  })
  return { log: createLogger({ level, destination }), lines }
}

describe('the request id', () => {
  it('takes a well-formed X-Request-Id only behind a trusted proxy, else a new UUID', () => {
    expect(requestId('haproxy-0a1b2c3d', 1)).toBe('haproxy-0a1b2c3d')
    expect(requestId(['abc.DEF_123-456', 'other'], 2)).toBe('abc.DEF_123-456')
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
    expect(requestId('haproxy-0a1b2c3d', 0)).toMatch(uuid)
    expect(requestId('short', 1)).toMatch(uuid)
    expect(requestId('has space in it', 1)).toMatch(uuid)
    expect(requestId('x'.repeat(129), 1)).toMatch(uuid)
    expect(requestId(undefined, 1)).toMatch(uuid)
    expect(requestId('<script>alert(1)</script>', 1)).toMatch(uuid)
  })
})

describe('redaction', () => {
  it('cuts client addresses to their network and takes e-mail addresses, tokens and card numbers out of texts', () => {
    expect(redactText('login from 203.0.113.77 by ada@example.com')).toBe('login from 203.0.113.0/24 by [e-mail]')
    expect(redactText('peer 2001:db8:85a3:8d3:1319:8a2e:370:7348 and fe80::1:2')).toBe('peer 2001:db8:85a3::/48 and fe80:0:0::/48')
    // This machine's loopback is nobody's address.
    expect(redactText('PostgreSQL on 127.0.0.1:54329, DNS on ::1')).toBe('PostgreSQL on 127.0.0.1:54329, DNS on ::1')
    expect(redactText('peer 2001:DB8:0:0:8:800:200c:417a')).toBe('peer 2001:db8:0::/48')
    expect(redactText('Authorization: Bearer sk_test_51Habc.def-ghi')).toBe('Authorization: Bearer [token]')
    expect(redactText('jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U')).toBe('jwt [token]')
    expect(redactText('card 4242 4242 4242 4242 exp 12/34')).toBe('card [card] exp 12/34')
    expect(redactText('card 4000-0027-6000-3184')).toBe('card [card]')
    // Times and ids stay.
    expect(redactText('at 16:04:16, job 416, order 12')).toBe('at 16:04:16, job 416, order 12')
    expect(redactText('STUN on :: port 3478')).toBe('STUN on :: port 3478')
  })

  it('drops secret fields of real objects: a sign-up, request headers, a card payment, an SMTP envelope', () => {
    const signUp = { email: 'ada@example.com', password: 'correct horse battery', locale: 'de', receiveMarketingEmails: true, altcha: 'eyJhbGdvcml0aG0iOiJTSEEtMjU2In0=' }
    const headers = { authorization: 'JWT abc.def.ghi', 'x-auth-token': 'f00dfeedf00dfeedf00dfeed', 'x-access-token': 'a1b2c3d4e5f6a7b8c9d0', cookie: 'payload-token=abc; NEXT_LOCALE=de', 'user-agent': 'Mozilla/5.0', 'x-forwarded-for': '198.51.100.23, 10.0.0.1' }
    const payment = { orderId: 41, amount: 1299, currency: 'EUR', card: { number: '4242424242424242', cvc: '123', exp: '12/34' }, pan: '4242424242424242', client_secret: 'pi_123_secret_456', clientIp: '198.51.100.23' }
    const envelope = { to: 'ada@example.com', from: 'Veilgate <no-reply@veilgate.example>', subject: 'Confirm your address', template: 'confirm-address' }
    const out = redactValue({ signUp, headers, payment, envelope })
    expect(out.signUp).toEqual({ email: '[redacted]', password: '[redacted]', locale: 'de', receiveMarketingEmails: true, altcha: 'eyJhbGdvcml0aG0iOiJTSEEtMjU2In0=' })
    expect(out.headers).toEqual({ authorization: '[redacted]', 'x-auth-token': '[redacted]', 'x-access-token': '[redacted]', cookie: '[redacted]', 'user-agent': 'Mozilla/5.0', 'x-forwarded-for': '198.51.100.0/24, 10.0.0.0/24' })
    expect(out.payment).toEqual({ orderId: 41, amount: 1299, currency: 'EUR', card: '[redacted]', pan: '[redacted]', client_secret: '[redacted]', clientIp: '198.51.100.0/24' })
    expect(out.envelope).toEqual({ to: '[redacted]', from: '[redacted]', subject: 'Confirm your address', template: 'confirm-address' })
    expect(JSON.stringify(out)).not.toMatch(/ada@|horse|4242|pi_123|f00d|a1b2c3|payload-token/)
  })

  it('logs an error by its kind and stack, never its message', () => {
    const error = Object.assign(new TypeError('no customer ada@example.com with password hunter22'), { code: 'E_NO_CUSTOMER', status: 404 })
    const out = redactValue({ err: error })
    expect(out.err).toMatchObject({ type: 'TypeError', code: 'E_NO_CUSTOMER', status: 404 })
    expect(out.err.stack.length).toBeGreaterThan(0)
    expect(JSON.stringify(out)).not.toMatch(/ada@|hunter22|no customer/)
  })
})

describe('the logger', () => {
  it('writes one JSON object per line with time, level, msg and the request’s id', async () => {
    const { log, lines } = memoryLogger()
    log.info('started')
    await requestContext().run({ reqId: 'haproxy-12345678' }, async () => {
      await Promise.resolve()
      log.info({ method: 'GET', path: '/de/pricing', status: 200 }, 'request')
    })
    log.debug('hidden at info')
    log.flush?.()
    expect(lines).toHaveLength(2)
    expect(lines[0]).toEqual({ time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), level: 'info', msg: 'started' })
    expect(lines[1]).toMatchObject({ level: 'info', msg: 'request', reqId: 'haproxy-12345678', method: 'GET', path: '/de/pricing', status: 200 })
  })

  it('redacts messages and merged objects, Payload’s error lines included', () => {
    const { log, lines } = memoryLogger()
    log.warn('sign-in refused for ada@example.com from 203.0.113.9')
    log.error({ err: new Error('duplicate key ada@example.com'), msg: 'Error in job queue cron job handler' })
    log.info({ req: { headers: { cookie: 'payload-token=secret' } } }, 'with a request')
    expect(lines[0]).toMatchObject({ level: 'warn', msg: 'sign-in refused for [e-mail] from 203.0.113.0/24' })
    expect(lines[1]).toMatchObject({ level: 'error', msg: 'Error in job queue cron job handler', err: { type: 'Error' } })
    expect(lines[2].req.headers.cookie).toBe('[redacted]')
    expect(JSON.stringify(lines)).not.toMatch(/ada@|duplicate key|payload-token/)
  })
})
