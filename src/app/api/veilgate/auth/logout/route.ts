import { handler, HttpError, json, otherMethods } from '@/lib/http'
import { requireSession, revokeSession } from '@/services/auth/sessions'
import { payloadClient } from '@/services/content/payload'

/** POST → 200 { ok: true }: ends the calling session. Calling it again (an ended token) is harmless. */
export const POST = handler(async (request) => {
  const payload = await payloadClient()
  try {
    const { session } = await requireSession(payload, request.headers)
    await revokeSession(payload, session.id)
  } catch (error) {
    // Already signed out: the same answer.
    if (!(error instanceof HttpError && error.code === 'EXPIRED_SESSION')) throw error
  }
  return json({ ok: true })
})

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST')
