import { now } from '@/lib/clock'
import { bodyOf, handler, json, otherMethods } from '@/lib/http'
import { requireSession } from '@/services/auth/sessions'
import { payloadClient } from '@/services/content/payload'
import { extrasBody, ownedSubscription, quoteExtras } from '@/services/orders/extras'

/**
 * POST (X-Auth-Token or X-Access-Token) { subscription, slots?, server?, region?, ipRegion? } →
 * 200 { possible: true, lines: [{ id, amount, renewalAmount, region }], total, periodEnd }: the
 * extras for the days left of the current period (renewing with the plan from the next), or
 * { possible: false, reason }: ended, trial, renewing, not-available or owned. The session is
 * checked first (401 EXPIRED_SESSION); another customer's or an unknown subscription: 404.
 */
export const POST = handler(async (request) => {
  const payload = await payloadClient()
  const { customer } = await requireSession(payload, request.headers)
  const input = extrasBody.parse(await bodyOf(request))
  const at = now()
  const subscription = await ownedSubscription(payload, customer.id, input.subscription)
  const quoted = await quoteExtras(payload, subscription, input, at)
  const body = quoted.possible
    ? { possible: true, lines: quoted.lines.map(({ id, amount, renewalAmount, region }) => ({ id, amount, renewalAmount, region })), total: quoted.total, periodEnd: quoted.periodEnd }
    : { possible: false, reason: quoted.reason }
  return json(body, { headers: { 'Cache-Control': 'private, no-store' } })
})

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST')
