// The human check behind one interface, with the chain of providers and `requireHuman`.
import type { Payload } from 'payload'
import { z } from 'zod'
import { clientAddress } from '@/lib/client-address'
import { apiError } from '@/lib/http'
import { altchaProvider } from './altcha'
import type { HumanCheckContext, HumanCheckProvider, HumanCheckVersion } from './types'

export type { HumanCheckContext, HumanCheckProvider, HumanCheckVersion } from './types'

/**
 * The human check behind one interface: `verify(token, { ip, action, host })` → `{ ok, next? }`.
 * The chain is ALTCHA alone (needs no keys, works offline); the third-party chain (reCAPTCHA v3 →
 * v2 invisible → hCaptcha) joins behind the same interface.
 */
export function humanCheckChain(payload: Payload): HumanCheckProvider[] {
  return [altchaProvider(payload)]
}

/** What forms send: the token as `inrecaptcha` and its kind as `version`. */
export const humanCheckFields = {
  inrecaptcha: z.string({ error: 'NOT_VERIFIED_CAPTCHA' }).min(1, 'NOT_VERIFIED_CAPTCHA').max(20_000, 'NOT_VERIFIED_CAPTCHA'),
  version: z.string({ error: 'NOT_VERIFIED_CAPTCHA' }).max(20, 'NOT_VERIFIED_CAPTCHA'),
}
const humanCheckBody = z.object(humanCheckFields)

/**
 * Checks a form's human check, or throws 400 NOT_VERIFIED_CAPTCHA: a missing, forged, reused or
 * expired token, or a `version` outside the configured chain.
 */
export async function requireHuman(payload: Payload, request: Request, body: Record<string, unknown>, action: string): Promise<void> {
  const parsed = humanCheckBody.safeParse(body)
  if (!parsed.success) throw apiError('NOT_VERIFIED_CAPTCHA', 'inrecaptcha')
  const provider = humanCheckChain(payload).find((entry) => entry.id === (parsed.data.version as HumanCheckVersion))
  if (!provider) throw apiError('NOT_VERIFIED_CAPTCHA', 'inrecaptcha')
  const context: HumanCheckContext = { ip: clientAddress(request.headers), action, host: request.headers.get('host') }
  const { ok } = await provider.verify(parsed.data.inrecaptcha, context)
  if (!ok) throw apiError('NOT_VERIFIED_CAPTCHA', 'inrecaptcha')
}
