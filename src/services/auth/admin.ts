// Admin-only API calls: `requireAdmin` checks a Payload admin session, never a customer's.
import type { Payload } from 'payload'
import { HttpError } from '@/lib/http'

/** Hidden service endpoints are for signed-in admins (session cookie or `Authorization: JWT …`). */
export async function requireAdmin(payload: Payload, headers: Headers): Promise<void> {
  const { user } = await payload.auth({ headers })
  if (!user || user.collection !== 'admins') throw new HttpError(401, 'Admins only', 'EXPIRED_SESSION')
}
