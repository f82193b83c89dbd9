import { describe, expect, it } from 'vitest'
import { isDatabaseOutage } from './db-outage'

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code })
const wrapped = (cause: unknown, levels = 1): Error => (levels === 0 ? (cause as Error) : wrapped(new Error('Failed query: select 1', { cause }), levels - 1))

describe('isDatabaseOutage', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset connection', withCode('ECONNRESET', 'read ECONNRESET')],
    ['an administrator shutdown (57P01)', withCode('57P01', 'terminating connection due to administrator command')],
    ['a server starting up (57P03)', withCode('57P03', 'the database system is starting up')],
    ['a connection failure (08006)', withCode('08006')],
    ['a connection ended under a query', new Error('Connection terminated unexpectedly')],
    ['the pool waiting too long', new Error('timeout exceeded when trying to connect')],
    ['a connect timeout', new Error('Connection terminated due to connection timeout')],
    ['Payload’s failed BEGIN, its cause dropped', new Error('Error: cannot begin transaction: Failed query: begin\nparams: ')],
    ['a refused connection named only in the message', new Error('Error: cannot begin transaction: connect ECONNREFUSED 127.0.0.1:5432')],
    ['all addresses refused', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'connect failed')],
  ])('knows %s, bare and wrapped three deep', (_, error) => {
    expect(isDatabaseOutage(error)).toBe(true)
    expect(isDatabaseOutage(wrapped(error, 3))).toBe(true)
  })

  it.each([
    ['a unique violation (23505)', withCode('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error (42601)', withCode('42601')],
    ['a missing table (42P01)', withCode('42P01', 'relation "x" does not exist')],
    ['a plain error', new Error('boom')],
    ['a TypeError', new TypeError('cannot read properties of undefined')],
    ['nothing', undefined],
    ['a string', 'ECONNREFUSED'],
  ])('leaves %s to be an internal error', (_, error) => {
    expect(isDatabaseOutage(error)).toBe(false)
    expect(isDatabaseOutage(wrapped(error, 2))).toBe(false)
  })

  it('ends on a cause chain that loops', () => {
    const a = new Error('a') as Error & { cause?: unknown }
    const b = new Error('b', { cause: a })
    a.cause = b
    expect(isDatabaseOutage(a)).toBe(false)
  })
})
