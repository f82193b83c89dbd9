import { z } from 'zod'
import { now } from '@/lib/clock'
import { apiError, AUTH_MAX_BODY_BYTES, bodyOf, handler, json, otherMethods } from '@/lib/http'
import { optionalSession } from '@/services/auth/sessions'
import { findPlan } from '@/services/catalog/catalog'
import { checkBonusCode } from '@/services/catalog/codes'
import { payloadClient } from '@/services/content/payload'

const body = z.object({
  code: z.string({ error: 'INVALID_BONUS_CODE' }).trim().min(1, 'INVALID_BONUS_CODE').max(64, 'INVALID_BONUS_CODE'),
  plan: z.string().trim().min(1).max(100).optional(),
  locale: z.string().max(10).optional(),
})

/**
 * POST { code, plan? } (X-Auth-Token optional) → { code, effect: { type, value }, quote? }.
 * Errors: 400 INVALID_BONUS_CODE, USE_NEW_BONUS_CODE_ON_OWN_ACC or INVALID_AMOUNT_NEW_BONUS_CODE.
 */
export const POST = handler(async (request) => {
  const input = body.parse(await bodyOf(request, AUTH_MAX_BODY_BYTES))
  const payload = await payloadClient()
  const signedIn = await optionalSession(payload, request.headers)
  let plan = null
  if (input.plan) {
    plan = await findPlan(payload, input.plan)
    if (!plan) throw apiError('PLAN_NOT_FOUND', 'plan')
  }
  const { bonus, quote } = await checkBonusCode(payload, { code: input.code, plan, customer: signedIn?.customer ?? null, now: now() })
  return json({ code: bonus.code, effect: { type: bonus.effect, value: bonus.value }, ...(quote ? { quote } : {}) })
})

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST')
