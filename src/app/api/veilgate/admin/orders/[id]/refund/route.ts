import { z } from 'zod'
import { now } from '@/lib/clock'
import { apiError, handler, json, otherMethods } from '@/lib/http'
import { requireAdmin } from '@/services/auth/admin'
import { payloadClient } from '@/services/content/payload'
import { refundOrder, refundState } from '@/services/orders/refund'

type Context = { params: Promise<{ id: string }> }

const orderId = z.coerce.number().int().positive().max(2_147_483_647)

async function adminAndId(request: Request, context: Context) {
  const payload = await payloadClient()
  await requireAdmin(payload, request.headers)
  const parsed = orderId.safeParse((await context.params).id)
  if (!parsed.success) throw apiError('ORDER_NOT_FOUND')
  return { payload, id: parsed.data }
}

/**
 * Admins only (else 401 EXPIRED_SESSION): where the order stands for a refund (the admin's
 * button): `{ status, total, paidAt, deadline, refundable, reason, refunded }`.
 */
export const GET = handler(async (request: Request, context: Context) => {
  const { payload, id } = await adminAndId(request, context)
  const order = await payload.findByID({ collection: 'orders', id, depth: 0, overrideAccess: true }).catch(() => null)
  if (!order) throw apiError('ORDER_NOT_FOUND')
  return json(await refundState(payload, order, now()))
})

/**
 * Admins only (else 401 EXPIRED_SESSION): refunds the order within MONEY_BACK_DAYS of its
 * payment → 200 `{ order: { id, status: "refunded" }, refund: { amount } }` (the same again once
 * refunded, nothing more given back); 409 REFUND_WINDOW_CLOSED after it, 409 ORDER_NOT_REFUNDABLE
 * when not paid; 503 SERVER_MAINTENANCE when the provider refused, nothing changed.
 */
export const POST = handler(async (request: Request, context: Context) => {
  const { payload, id } = await adminAndId(request, context)
  return json(await refundOrder(payload, id, now()))
})

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET', 'POST')
