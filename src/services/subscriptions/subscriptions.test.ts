// Unit tests of the subscription state table and `transition()`.
import type { Payload } from 'payload'
import { describe, expect, it } from 'vitest'
import { canTransition, extendable, live, subscriptionStatuses, transitions, type SubscriptionStatus } from './states'
import { transition, type Run } from './subscriptions'

// Every pair, written out: a change to the table has to change this test too.
const expected: Record<SubscriptionStatus, SubscriptionStatus[]> = {
  trialing: ['trialing', 'active', 'past_due', 'canceled', 'expired'],
  active: ['active', 'past_due', 'canceled', 'expired'],
  past_due: ['active', 'past_due', 'canceled', 'expired'],
  canceled: ['canceled', 'expired'],
  expired: ['expired'],
}

/** A database that answers every UPDATE with one row and remembers how often it was asked. */
function fakeRun(rows = 1) {
  const calls: unknown[] = []
  const run: Run = async <R,>(statement: unknown) => {
    calls.push(statement)
    return Array.from({ length: rows }, (_, i) => ({ id: i + 1 })) as R[]
  }
  return { run, calls }
}

const payload = {} as Payload
const at = new Date('2026-11-25T12:00:00Z')

describe('the subscription state table', () => {
  it('allows exactly the listed moves, for every pair of statuses', () => {
    for (const from of subscriptionStatuses) {
      for (const to of subscriptionStatuses) {
        expect(canTransition(from, to), `${from} → ${to}`).toBe(expected[from].includes(to))
      }
    }
  })

  it('lets nothing leave expired, and nothing come back to trialing', () => {
    expect(transitions.expired).toEqual([])
    for (const from of subscriptionStatuses) if (from !== 'trialing') expect(canTransition(from, 'trialing')).toBe(false)
  })

  it('names the live and extendable statuses', () => {
    expect(live).toEqual(['trialing', 'active', 'past_due'])
    expect(extendable).toEqual(['trialing', 'active', 'past_due', 'canceled'])
  })
})

describe('transition()', () => {
  it('writes one UPDATE for every allowed pair and refuses every other one before touching the database', async () => {
    for (const from of subscriptionStatuses) {
      for (const to of subscriptionStatuses) {
        const { run, calls } = fakeRun()
        const move = transition(payload, 7, [from], to, {}, { at, run })
        if (expected[from].includes(to)) {
          await expect(move, `${from} → ${to}`).resolves.toBe(true)
          expect(calls).toHaveLength(1)
        } else {
          await expect(move, `${from} → ${to}`).rejects.toThrow(/no subscription transition/)
          expect(calls).toHaveLength(0)
        }
      }
    }
  })

  it('keeps the allowed part of a list of sources, and a status that stays is always allowed', async () => {
    const { run, calls } = fakeRun()
    await expect(transition(payload, 7, subscriptionStatuses, 'canceled', { autoRenew: false }, { at, run })).resolves.toBe(true)
    await expect(transition(payload, 7, subscriptionStatuses, null, { autoRenew: false }, { at, run })).resolves.toBe(true)
    expect(calls).toHaveLength(2)
  })

  it('answers false when no row matched: another request moved the subscription first', async () => {
    const { run } = fakeRun(0)
    await expect(transition(payload, 7, live, 'canceled', { autoRenew: false }, { at, run })).resolves.toBe(false)
  })
})
