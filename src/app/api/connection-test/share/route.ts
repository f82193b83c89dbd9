import { z } from 'zod'
import { clientAddress } from '@/lib/client-address'
import { securityNow } from '@/lib/clock'
import { env } from '@/lib/env'
import { apiError, bodyOf, handler, json, otherMethods } from '@/lib/http'
import { localizePath } from '@/i18n/paths'
import { localeCodes } from '@/i18n/locales'
import { payloadClient } from '@/services/content/payload'
import { checkTestId, exitEntries, testResults } from '@/services/connection-test/results'
import { newShareId, resultToShare, SHARE_MAX_BODY_BYTES, SHARE_TTL_MS, sharedResult, sharesStore } from '@/services/connection-test/shares'
import { isConnected } from '@/services/connection-test/verdict'
import { limit } from '@/services/security/rate-limit'

const body = z.object({
  testId: z.string().min(1).max(64),
  result: sharedResult,
  locale: z.enum(localeCodes as [string, ...string[]]).optional(),
})

/**
 * POST `{ testId, result, locale? }` → 201 `{ id, url, expiresAt }`: the result kept 24 hours for a
 * read-only link. The DNS rows are not taken from the body: the run's signed id (within its ten
 * minutes) gives the resolvers that asked for its probes, and the DNS and overall verdicts are made
 * again from them. Over 8 KB → 413; an id this site did not sign → 400 INVALID_INPUT (`testId`);
 * one past its ten minutes → 404 NOT_FOUND (`testId`): the page asks for a new run.
 */
export const POST = handler(async (request) => {
  await limit(request, 'connection-test-share')
  const input = body.parse(await bodyOf(request, SHARE_MAX_BODY_BYTES))
  const state = checkTestId(input.testId)
  if (state === 'invalid') throw apiError('INVALID_INPUT', 'testId')
  if (state === 'expired') throw apiError('NOT_FOUND', 'testId')
  const payload = await payloadClient()
  const clientIp = clientAddress(request.headers)
  const [found, exits] = await Promise.all([testResults(payload, input.testId, clientIp, { waitMs: 0 }), exitEntries(payload)])
  // Connected or not as the browser found it: its address against our exits as they are now.
  const result = resultToShare(input.result, found.resolvers, isConnected(input.result.state.clientIp, exits))
  const createdAt = securityNow()
  const share = { id: newShareId(), result, createdAt: createdAt.toISOString(), expiresAt: new Date(createdAt.getTime() + SHARE_TTL_MS).toISOString() }
  await sharesStore(payload).put(share)
  const url = `${env().SITE_URL.replace(/\/$/, '')}${localizePath(input.locale ?? 'en', '/connection-test')}#share=${share.id}`
  return json({ id: share.id, url, expiresAt: share.expiresAt }, { status: 201 })
})

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST')
