import { z } from 'zod'
import { now } from '@/lib/clock'
import { handler, json, otherMethods, queryOf, tsParam } from '@/lib/http'
import { paymentMethods } from '@/services/catalog/methods'
import { priceSelection, selectionFields } from '@/services/orders/purchase'
import { payloadClient } from '@/services/content/payload'
import { cardSetup, payableMethods } from '@/services/payments/registry'

const query = z
  .object({
    ...tsParam,
    ...selectionFields,
    slots: z.coerce.number({ error: 'INVALID_INPUT' }).default(0).pipe(z.union([z.literal(0), z.literal(1), z.literal(5), z.literal(10)], { error: 'INVALID_INPUT' })),
    bonus: selectionFields.bonusCode,
    method: z.enum(paymentMethods, { error: 'INVALID_INPUT' }).optional(),
    locale: z.string().max(10).optional(),
  })
  .refine((input) => !(input.region && input.ipRegion), { message: 'INVALID_INPUT', path: ['ipRegion'] })
  .refine((input) => Boolean(input.server) === Boolean(input.region), { message: 'INVALID_INPUT', path: ['region'] })

/**
 * GET ?plan=&slots=&server=&region=&ipRegion=&bonus=&method= → the quote an order of this
 * selection would charge, `methods`: the plan's methods payable here now, and `card`: who takes
 * cards (`{ provider: "sandbox" }` or `{ provider: "stripe", publishableKey }`).
 */
export const GET = handler(async (request) => {
  const input = query.parse(queryOf(request))
  const priced = await priceSelection(await payloadClient(), { ...input, bonusCode: input.bonus, method: input.method }, now())
  return json({
    plan: priced.plan.purchaseId,
    addOns: priced.addOns.map(({ addOn, region }) => ({ id: addOn.purchaseId, region })),
    bonusCode: priced.bonus?.code ?? null,
    quote: priced.quote,
    methods: payableMethods(priced.plan.methods),
    card: cardSetup(),
  })
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET')
