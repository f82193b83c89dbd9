// Customer sessions: opaque tokens stored hashed, their lifetime, and `requireSession` for the API.
import type { Payload, PayloadRequest } from 'payload'
export { revokeAllSessions } from './revoke'
import { securityNow } from '@/lib/clock'
import { env } from '@/lib/env'
import { apiError } from '@/lib/http'
import { hashToken, newToken, parseToken } from './tokens'
import type { Customer, CustomerSession } from '@/payload-types'

export type SessionKind = 'auth' | 'access'

/** `lastUsedAt` is written at most this often. */
const TOUCH_EVERY_MS = 60_000

/** Opens a session and returns its token; the token itself is never stored. */
export async function createSession(
  payload: Payload,
  customerId: number,
  options: { kind?: SessionKind; userAgent?: string | null; req?: Partial<PayloadRequest> } = {},
): Promise<string> {
  const token = newToken()
  const at = securityNow()
  await payload.create({
    collection: 'customer-sessions',
    overrideAccess: true,
    req: options.req,
    data: {
      customer: customerId,
      kind: options.kind ?? 'auth',
      tokenHash: hashToken(token),
      lastUsedAt: at.toISOString(),
      expiresAt: new Date(at.getTime() + env().SESSION_TTL_DAYS * 86_400_000).toISOString(),
      userAgent: options.userAgent ? options.userAgent.slice(0, 512) : undefined,
    },
  })
  return token
}

export type SignedIn = { session: CustomerSession; customer: Customer }

/**
 * The customer a request is signed in as: `X-Auth-Token`, else `X-Access-Token`. Missing,
 * malformed, unknown, expired or revoked: 401 EXPIRED_SESSION (malformed ones without a query).
 */
export async function requireSession(payload: Payload, headers: Headers): Promise<SignedIn> {
  const token = parseToken(headers.get('x-auth-token')) ?? parseToken(headers.get('x-access-token'))
  if (!token) throw apiError('EXPIRED_SESSION')
  const found = await payload.find({
    collection: 'customer-sessions',
    where: { tokenHash: { equals: hashToken(token) } },
    limit: 1,
    depth: 1,
    overrideAccess: true,
  })
  const session = found.docs[0]
  const at = securityNow()
  if (!session || session.revokedAt || new Date(session.expiresAt) <= at) throw apiError('EXPIRED_SESSION')
  const customer = typeof session.customer === 'object' ? session.customer : undefined
  if (!customer || customer.state === 'banned') throw apiError('EXPIRED_SESSION')
  if (!session.lastUsedAt || at.getTime() - new Date(session.lastUsedAt).getTime() > TOUCH_EVERY_MS) {
    await payload.update({ collection: 'customer-sessions', id: session.id, data: { lastUsedAt: at.toISOString() }, overrideAccess: true, depth: 0 })
  }
  return { session, customer }
}

/** The signed-in customer when the request carries a valid token; nobody otherwise (never an error). */
export async function optionalSession(payload: Payload, headers: Headers): Promise<SignedIn | null> {
  if (!headers.has('x-auth-token') && !headers.has('x-access-token')) return null
  return requireSession(payload, headers).catch(() => null)
}

/** Ends one session; ending an ended one changes nothing. */
export async function revokeSession(payload: Payload, sessionId: number): Promise<void> {
  await payload.update({
    collection: 'customer-sessions',
    where: { and: [{ id: { equals: sessionId } }, { revokedAt: { exists: false } }] },
    data: { revokedAt: securityNow().toISOString() },
    overrideAccess: true,
    depth: 0,
  })
}
