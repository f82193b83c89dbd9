import { z } from 'zod'
import { bodyOf, handler, json, otherMethods, requestLocale } from '@/lib/http'
import { serviceOffers, services, type ServiceName } from '@/services/catalog/catalog'
import { payloadClient } from '@/services/content/payload'

const body = z.object({
  service: z.enum(Object.keys(services) as [ServiceName, ...ServiceName[]], { error: 'INVALID_INPUT' }),
  locale: z.string().max(10).optional(),
})

/**
 * POST { service: "VPNSERVER" | "STATICIP" | "SLOTS" } → { service, tariffs, regions }: the
 * service's add-ons (with traffic, quantity and billing) and the locations it can be placed in.
 */
export const POST = handler(async (request) => {
  const raw = await bodyOf(request)
  const input = body.parse(raw)
  const [offer] = await serviceOffers(await payloadClient(), [input.service], requestLocale(request, raw))
  return json(offer)
})

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST')
