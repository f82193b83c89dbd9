// What a selection adds to a plan (the picker's parameters), and the add-ons it names.
import type { Payload } from 'payload'
import { z } from 'zod'
import { apiError } from '@/lib/http'
import type { AddOn } from '@/payload-types'
import { regionFits, sold } from '@/services/catalog/catalog'
import { addOnMultiplier } from '@/services/catalog/pricing'
import { trafficTiers } from '@/services/purchase-flow/selection'

const location = z.string().regex(/^[a-z]{2}-[a-z0-9]+(?:-[a-z0-9]+)*$/, 'INVALID_INPUT').max(64, 'INVALID_INPUT')

/** What the selection adds to a plan: the picker's URL parameters. */
export const selectionFields = {
  plan: z.string({ error: 'INVALID_INPUT' }).regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'INVALID_INPUT'),
  slots: z.union([z.literal(0), z.literal(1), z.literal(5), z.literal(10)], { error: 'INVALID_INPUT' }).default(0),
  server: z.enum(trafficTiers, { error: 'INVALID_INPUT' }).optional(),
  region: location.optional(),
  ipRegion: location.optional(),
  bonusCode: z.string().trim().max(64, 'INVALID_BONUS_CODE').optional(),
}

/** The add-on fields of a selection (the picker's parameters). */
export type AddOnSelection = { slots?: number; server?: string; region?: string; ipRegion?: string }

/**
 * The add-ons a selection names, each the first sold one of its kind (and quantity or traffic
 * tier) that fits the plan's billing, as the picker offers them; `addOn` null where none fits.
 * A location the add-on cannot be in → 400 INVALID_INPUT on `region` or `ipRegion`.
 */
export async function chooseAddOns(payload: Payload, plan: Parameters<typeof addOnMultiplier>[0], selected: AddOnSelection): Promise<{ addOn: AddOn | null; region: string | null; field: string }[]> {
  const wanted: { kind: AddOn['kind']; match: (addOn: AddOn) => boolean; region: string | null; field: string }[] = []
  if (selected.slots) wanted.push({ kind: 'device-slots', match: (addOn) => (addOn.quantity ?? 1) === selected.slots, region: null, field: 'slots' })
  if (selected.server && selected.region) wanted.push({ kind: 'personal-server', match: (addOn) => addOn.traffic === selected.server, region: selected.region, field: 'server' })
  if (selected.ipRegion) wanted.push({ kind: 'static-ip', match: () => true, region: selected.ipRegion, field: 'ipRegion' })
  if (!wanted.length) return []
  const candidates = (await payload.find({ collection: 'add-ons', where: { and: [{ kind: { in: wanted.map((w) => w.kind) } }, sold] }, depth: 0, limit: 200, pagination: false })).docs
  const chosen: { addOn: AddOn | null; region: string | null; field: string }[] = []
  for (const want of wanted) {
    if (want.region && !(await regionFits(payload, want.region, want.kind as 'personal-server' | 'static-ip'))) throw apiError('INVALID_INPUT', want.field === 'server' ? 'region' : 'ipRegion')
    const addOn = candidates.find((candidate) => candidate.kind === want.kind && want.match(candidate) && addOnMultiplier(plan, candidate) !== null) ?? null
    chosen.push({ addOn, region: want.region, field: want.field })
  }
  return chosen
}

