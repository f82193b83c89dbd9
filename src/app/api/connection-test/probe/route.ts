import { otherMethods } from '@/lib/http'
/**
 * GET → 204 whatever the host: where the probe names point, so a page's fetch of
 * `https://<label>.<id>.<zone>/api/connection-test/probe/` ends at once (the DNS lookup was the
 * point). Readable from any origin, never cached, not rate-limited.
 */
export function GET(): Response {
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store', 'access-control-allow-origin': '*' } })
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET')
