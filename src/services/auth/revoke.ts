// Ending every session of a customer, and the context that marks the auth service's own writes.
import type { Payload, PayloadRequest } from 'payload'
import { securityNow } from '@/lib/clock'

/** Set in `req.context` by the auth service when it signs a customer in (src/collections/Customers). */
export const AUTH_SERVICE_CONTEXT = 'veilgateAuthService'

/** Ends every open session of a customer, but `except` (the one making the change). */
export async function revokeAllSessions(payload: Payload, customerId: number, req?: Partial<PayloadRequest>, except?: number): Promise<number> {
  const result = await payload.update({
    collection: 'customer-sessions',
    where: {
      and: [{ customer: { equals: customerId } }, { revokedAt: { exists: false } }, ...(except ? [{ id: { not_equals: except } }] : [])],
    },
    data: { revokedAt: securityNow().toISOString() },
    overrideAccess: true,
    depth: 0,
    req,
  })
  return result.docs.length
}
