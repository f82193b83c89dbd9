import { securityNow } from '@/lib/clock'
import { handler, otherMethods, readBody, seeOtherPage } from '@/lib/http'
import { payloadClient } from '@/services/content/payload'
import { confirmSubscription } from '@/services/newsletter/subscribers'

/**
 * The confirmation page's form (`token`, `locale`, form-encoded): confirms the pending address and
 * answers 303 to `/{locale}/newsletter/confirm?done=1`; an invalid or expired token goes back to
 * the page without one, which explains. Opening the e-mailed link alone confirms nothing.
 */
export const POST = handler(async (request) => {
  const form = new URLSearchParams(await readBody(request, 4096))
  const confirmed = await confirmSubscription(await payloadClient(), form.get('token'), securityNow())
  return seeOtherPage(form.get('locale'), '/newsletter/confirm', confirmed ? '?done=1' : '')
})

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST')
