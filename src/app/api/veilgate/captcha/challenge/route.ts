import { z } from 'zod'
import { realNow } from '@/lib/clock'
import { handler, json, otherMethods, queryOf, tsParam } from '@/lib/http'
import { payloadClient } from '@/services/content/payload'
import { altchaChallenge } from '@/services/human-check/altcha'
import { limit } from '@/services/security/rate-limit'

const query = z.object({ ...tsParam })

/** GET → a new signed ALTCHA challenge (expires after 5 minutes), never cached; per-address rate limit. */
export const GET = handler(async (request) => {
  query.parse(queryOf(request))
  await limit(request, 'captcha')
  const challenge = await altchaChallenge(await payloadClient(), realNow())
  return json(challenge, { headers: { 'cache-control': 'no-store' } })
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET')
