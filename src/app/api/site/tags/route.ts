import { env } from '@/lib/env'
import { tagsScript } from '@/lib/security/tags'
import { otherMethods } from '@/lib/http'

export const dynamic = 'force-dynamic'

/**
 * GET → the page script naming the configured tags (see `tagsScript`): read from this process's
 * settings at every request, so cached pages follow a changed GTM_ID or CONSENT_SCRIPT_URL.
 * Browsers keep it five minutes.
 */
export function GET() {
  const settings = env()
  return new Response(tagsScript({ CONSENT_SCRIPT_URL: settings.CONSENT_SCRIPT_URL, GTM_ID: settings.GTM_ID, DEBUG_LOGGER: settings.DEBUG_LOGGER, SENTRY_DSN: settings.SENTRY_DSN }), {
    headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=300', 'x-content-type-options': 'nosniff' },
  })
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET')
