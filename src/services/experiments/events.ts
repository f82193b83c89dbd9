// Experiment exposures and conversions, and the results admins read.
import type { Payload } from 'payload'
import { query } from '@/services/db'

export type VariantResult = { index: number; label: string; view: string; weight: number; exposures: number; purchases: number; conversion: number | null }

/** Counts of exposures and purchases per variant, with the conversion in percent. */
export async function experimentResults(payload: Payload, experimentId: number, variants: { label?: string; weight?: number; view?: string }[]): Promise<VariantResult[]> {
  const rows = await query<{ variant: string; kind: string; n: number }>(
    payload,
    `select variant, kind::text as kind, count(*)::int as n from experiment_events where experiment_id = $1 group by variant, kind`,
    [experimentId],
  )
  const count = (index: number, kind: string) => rows.find((row) => Number(row.variant) === index && row.kind === kind)?.n ?? 0
  return variants.map((variant, index) => {
    const exposures = count(index, 'exposure')
    const purchases = count(index, 'conversion')
    return {
      index,
      label: variant.label ?? '',
      view: variant.view ?? 'pickup',
      weight: variant.weight ?? 0,
      exposures,
      purchases,
      conversion: exposures ? (purchases / exposures) * 100 : null,
    }
  })
}

async function experimentNamed(payload: Payload, name: string) {
  const found = await payload.find({ collection: 'experiments', where: { name: { equals: name } }, limit: 1, depth: 0, overrideAccess: true, select: { name: true, active: true, variants: true } })
  return found.docs[0] ?? null
}

/**
 * One exposure of the active experiment `name` in variant `variant`. False when there is no such
 * active experiment or variant (the endpoint answers 400).
 */
export async function recordExposure(payload: Payload, name: string, variant: number): Promise<boolean> {
  const experiment = await experimentNamed(payload, name)
  if (!experiment?.active || variant >= (experiment.variants?.length ?? 0)) return false
  await payload.create({ collection: 'experiment-events', data: { experiment: experiment.id, variant, kind: 'exposure' }, overrideAccess: true, depth: 0 })
  return true
}

export type Assignment = { experiment: string; variant: number }

/**
 * A paid order's conversion in each experiment the buyer was in. Idempotent per order and
 * experiment (a unique key), so a webhook delivered twice counts once. Returns how many were new.
 */
export async function recordConversion(payload: Payload, input: { orderId: string; assignments: Assignment[] }): Promise<number> {
  let recorded = 0
  for (const assignment of input.assignments) {
    const experiment = await experimentNamed(payload, assignment.experiment)
    if (!experiment || !Number.isInteger(assignment.variant) || assignment.variant < 0 || assignment.variant >= (experiment.variants?.length ?? 0)) continue
    const dedupeKey = `conversion:${experiment.id}:${input.orderId}`
    const existing = await payload.count({ collection: 'experiment-events', where: { dedupeKey: { equals: dedupeKey } }, overrideAccess: true })
    if (existing.totalDocs) continue
    try {
      await payload.create({
        collection: 'experiment-events',
        data: { experiment: experiment.id, variant: assignment.variant, kind: 'conversion', orderId: input.orderId, dedupeKey },
        overrideAccess: true,
        depth: 0,
      })
      recorded++
    } catch (error) {
      // A concurrent delivery of the same order won the unique key: already counted.
      const again = await payload.count({ collection: 'experiment-events', where: { dedupeKey: { equals: dedupeKey } }, overrideAccess: true })
      if (!again.totalDocs) throw error
    }
  }
  return recorded
}
