import { getPayload, type Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { POST as exposure } from '@/app/api/veilgate/experiments/exposure/route'
import { recordConversion } from '@/services/experiments/events'
import { callRoute } from '../support/routes'

let payload: Payload
let experimentId: number

beforeAll(async () => {
  payload = await getPayload({ config })
  const created = await payload.create({
    collection: 'experiments',
    data: { name: 'picker-int', active: true, variants: [{ label: 'Cards', weight: 50, view: 'pickup' }, { label: 'List', weight: 50, view: 'pickup-d' }] },
  })
  experimentId = created.id
})

const results = async () => (await payload.findByID({ collection: 'experiments', id: experimentId, depth: 0 })).results as { index: number; exposures: number; purchases: number; conversion: number | null }[]

describe('exposures', () => {
  it('answers 204 for the active experiment’s variants and counts them per variant', async () => {
    for (const variant of [0, 1, 1]) {
      const answer = await callRoute(exposure, { body: { experiment: 'picker-int', variant } })
      expect(answer.status).toBe(204)
    }
    expect((await results()).map((row) => row.exposures)).toEqual([1, 2])
  })

  it('answers 400 INVALID_INPUT for unknown experiments, indexes and bodies', async () => {
    for (const body of [{ experiment: 'nope', variant: 0 }, { experiment: 'picker-int', variant: 2 }, { experiment: 'picker-int', variant: -1 }, { experiment: 'picker-int', variant: 1.5 }, { experiment: 'picker-int' }, {}, '{', 'null', { experiment: 'Picker Int', variant: 0 }]) {
      const answer = await callRoute(exposure, { body })
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.code).toBe('INVALID_INPUT')
    }
  })
})

describe('conversions', () => {
  it('records a paid order once per experiment, however often it is reported', async () => {
    const assignments = [{ experiment: 'picker-int', variant: 1 }, { experiment: 'no-such-experiment', variant: 0 }, { experiment: 'picker-int', variant: 9 }]
    const runs = await Promise.all([1, 2, 3].map(() => recordConversion(payload, { orderId: 'order-1', assignments })))
    expect(runs.reduce((sum, n) => sum + n, 0)).toBe(1)
    expect(await recordConversion(payload, { orderId: 'order-1', assignments })).toBe(0)
    expect(await recordConversion(payload, { orderId: 'order-2', assignments: [{ experiment: 'picker-int', variant: 0 }] })).toBe(1)
    const rows = await results()
    expect(rows.map((row) => row.purchases)).toEqual([1, 1])
    expect(rows[1]!.conversion).toBeCloseTo(50)
  })
})

describe('access and rules', () => {
  it('lets only admins read experiments and events, and allows one active experiment', async () => {
    for (const collection of ['experiments', 'experiment-events'] as const) {
      await expect(payload.find({ collection, overrideAccess: false })).rejects.toThrow()
    }
    await expect(payload.create({ collection: 'experiment-events', data: { experiment: experimentId, variant: 0, kind: 'exposure' }, overrideAccess: false })).rejects.toThrow()
    await expect(
      payload.create({ collection: 'experiments', data: { name: 'second', active: true, variants: [{ label: 'a', weight: 1, view: 'pickup' }, { label: 'b', weight: 1, view: 'pickup-b' }] } }),
    ).rejects.toMatchObject({ data: { errors: [{ path: 'active' }] } })
    await expect(payload.create({ collection: 'experiments', data: { name: 'one-variant', variants: [{ label: 'a', weight: 1, view: 'pickup' }] } })).rejects.toThrow()
    await expect(payload.create({ collection: 'experiments', data: { name: 'Bad Name', variants: [{ label: 'a', weight: 1, view: 'pickup' }, { label: 'b', weight: 1, view: 'pickup-b' }] } })).rejects.toThrow()
  })
})
