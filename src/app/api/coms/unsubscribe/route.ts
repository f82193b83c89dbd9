import { securityNow } from '@/lib/clock'
import { apiError, handler, json, otherMethods, readBody, seeOtherPage } from '@/lib/http'
import { payloadClient } from '@/services/content/payload'
import { unsubscribe } from '@/services/newsletter/subscribers'

/**
 * One-click unsubscribe (RFC 8058): `POST /api/coms/unsubscribe/?token=…` with the body
 * `List-Unsubscribe=One-Click`, as mail providers send it from their own servers (this path is
 * allowed cross-site) → 200 `{ unsubscribed: true }`, the same again. The unsubscribe page's form
 * adds `locale` and gets 303 to `/{locale}/blog-unsubscribe?done=1` (or, with a bad token, to the
 * page without one, which explains). A bad token through the API: 400 INVALID_INPUT.
 */
export const POST = handler(async (request) => {
  const form = new URLSearchParams(await readBody(request, 4096))
  const token = new URL(request.url).searchParams.get('token') ?? form.get('token')
  const done = await unsubscribe(await payloadClient(), token, securityNow())
  const locale = form.get('locale')
  if (locale !== null) return seeOtherPage(locale, '/blog-unsubscribe', done ? '?done=1' : '')
  if (!done) throw apiError('INVALID_INPUT', 'token')
  return json({ unsubscribed: true })
})

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST')
