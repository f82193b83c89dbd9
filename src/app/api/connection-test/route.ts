import { handler, json, otherMethods } from '@/lib/http'
import { payloadClient } from '@/services/content/payload'
import { createTest, exitEntries } from '@/services/connection-test/results'
import { limit } from '@/services/security/rate-limit'

/**
 * POST → 201 `{ id, probes, expiresAt, exits, ipv4Origin, ipv6Origin, stunUrls }`: a new signed
 * test, its six probe names `<label>.<id>.<zone>`, our VPN exits (addresses and networks) for the
 * page's verdicts, and where the page tests IPv4, IPv6 and WebRTC. The page gets these here, not in
 * its cached HTML, so a changed setting applies at the next start.
 */
export const POST = handler(async (request) => {
  await limit(request, 'connection-test')
  return json({ ...createTest(), exits: await exitEntries(await payloadClient()) }, { status: 201 })
})

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST')
