import { z } from 'zod'
import { errorBody, handler, json, otherMethods, queryOf, requestLocale, tsParam } from '@/lib/http'
import { isErrorCode } from '@/lib/errors'

const query = z.object({ ...tsParam, code: z.string().max(100).optional(), locale: z.string().max(10).optional() })

/** GET ?code=…&locale=… → 200 { statusCode, code, message } of that catalogue code, or undefinedError's. */
export const GET = handler(async (request) => {
  const { code } = query.parse(queryOf(request))
  return json(await errorBody(isErrorCode(code) ? code : 'undefinedError', requestLocale(request)))
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET')
