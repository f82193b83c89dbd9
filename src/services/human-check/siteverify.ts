// One call to a captcha provider's siteverify endpoint: a form POST, its JSON answer, a 5 s limit.
import { z } from 'zod'
import { logger } from '@/lib/log'

/** A verify call that takes longer than this counts as failed. */
export const SITEVERIFY_TIMEOUT_MS = 5_000

/** What reCAPTCHA and hCaptcha answer (the fields the checks read; others are ignored). */
const answerSchema = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  action: z.string().optional(),
  hostname: z.string().optional(),
  'error-codes': z.array(z.string()).optional(),
})
export type SiteverifyAnswer = z.infer<typeof answerSchema>

export type SiteverifyOptions = { fetch?: typeof fetch; timeoutMs?: number }

/**
 * POSTs the form to `url` and reads its answer; null when the call fails, times out, answers
 * other than 2xx or not in the providers' shape (the check then fails: never a 5xx for the form).
 * The secret and the token are never logged.
 */
export async function siteverify(url: string, form: Record<string, string | null | undefined>, options: SiteverifyOptions = {}): Promise<SiteverifyAnswer | null> {
  const body = new URLSearchParams()
  for (const [name, value] of Object.entries(form)) if (value) body.set(name, value)
  try {
    const response = await (options.fetch ?? fetch)(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? SITEVERIFY_TIMEOUT_MS),
      cache: 'no-store',
    })
    if (!response.ok) {
      logger().warn({ host: new URL(url).host, status: response.status }, '[human-check] siteverify refused the call')
      return null
    }
    const parsed = answerSchema.safeParse(await response.json())
    if (!parsed.success) logger().warn({ host: new URL(url).host }, '[human-check] siteverify answered in an unknown shape')
    return parsed.success ? parsed.data : null
  } catch (error) {
    logger().warn({ host: new URL(url).host, error: error instanceof Error ? error.name : 'unknown' }, '[human-check] siteverify unreachable')
    return null
  }
}

/** The host names of this site (SITE_URL's and the locale domains'), lower-case: a token solved elsewhere is foreign. */
export function siteHosts(siteUrl: string, localeDomains: Record<string, string>): Set<string> {
  const hosts = new Set<string>([new URL(siteUrl).hostname.toLowerCase()])
  for (const host of Object.keys(localeDomains)) hosts.add(host.split(':')[0]!.toLowerCase())
  return hosts
}

/** Whether the provider's `hostname` is one of this site's. */
export function ownHost(answer: SiteverifyAnswer, hosts: Set<string>): boolean {
  return typeof answer.hostname === 'string' && hosts.has(answer.hostname.toLowerCase())
}
