import { z } from 'zod'
import { env } from '@/lib/env'
import { handler, json, otherMethods, queryOf, tsParam } from '@/lib/http'
import { captchaChainView } from '@/services/human-check/chain'

const query = z.object({ ...tsParam })

/**
 * GET → `{ chain, siteKeys, scripts }`: the human checks the forms run, in order, with the site
 * keys and script URLs of the third-party steps (never a secret). Read when a form's check is
 * armed, never cached: the pages themselves carry no keys.
 */
export const GET = handler(async (request) => {
  query.parse(queryOf(request))
  return json(captchaChainView(env()), { headers: { 'cache-control': 'no-store' } })
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET')
