import type { Challenge } from 'altcha-lib'
import { getPayload, type Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { POST as register } from '@/app/api/veilgate/auth/register/route'
import { GET as challengeRoute } from '@/app/api/veilgate/captcha/challenge/route'
import { emailQueueIdle } from '@/services/email/queue'
import { altchaChallenge, forgetExpiredSolutions } from '@/services/human-check/altcha'
import { solvedHumanCheck } from '../support/human-check'
import { callRoute } from '../support/routes'

let payload: Payload
const password = 'correct-Horse-battery-9'

beforeAll(async () => {
  payload = await getPayload({ config })
})

afterAll(async () => {
  await emailQueueIdle()
})

const challenge = async () => {
  const answer = await callRoute(challengeRoute, { path: '/api/veilgate/captcha/challenge/' })
  expect(answer.status).toBe(200)
  return answer.body as unknown as Challenge
}
const signUp = (username: string, check: Record<string, unknown>) => callRoute(register, { body: { username, password, confirmPassword: password, terms: true, ...check } })
const refused = { statusCode: 400, code: 'NOT_VERIFIED_CAPTCHA', message: 'Not verified Captcha', field: 'inrecaptcha' }

describe('the human check (ALTCHA) on register/', () => {
  it('hands out signed challenges that expire after 5 minutes, never cached', async () => {
    const response = await challengeRoute(new Request('http://localhost:3000/api/veilgate/captcha/challenge/'), {} as never)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body = (await response.json()) as Challenge
    expect(body.signature).toMatch(/^[0-9a-f]{64}$/)
    expect(body.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 1 })
    const ttl = body.parameters.expiresAt! * 1000 - Date.now()
    expect(ttl).toBeGreaterThan(4 * 60 * 1000)
    expect(ttl).toBeLessThanOrEqual(5 * 60 * 1000 + 1000)
  })

  it('accepts a solved challenge once: a replay, even at the same moment, is refused', async () => {
    const check = await solvedHumanCheck(await challenge())
    const [first, twin] = await Promise.all([signUp('human-1@example.com', check), signUp('human-2@example.com', check)])
    expect([first.status, twin.status].sort()).toEqual([201, 400])
    expect([first, twin].find((answer) => answer.status === 400)!.body).toMatchObject(refused)
    expect((await signUp('human-3@example.com', check)).body).toMatchObject(refused)
  })

  it('refuses a missing, forged, expired or wrong-version check, and keeps a token the form refused usable', async () => {
    expect((await signUp('human-4@example.com', {})).body).toMatchObject(refused)
    expect((await signUp('human-4@example.com', { inrecaptcha: 'not-base64-json', version: 'altcha' })).body).toMatchObject(refused)
    const good = await solvedHumanCheck(await challenge())
    // Another version than the configured chain (ALTCHA alone).
    expect((await signUp('human-4@example.com', { ...good, version: 'v3' })).body).toMatchObject(refused)
    // Forged: a different answer, or a re-signed challenge.
    const packed = JSON.parse(Buffer.from(good.inrecaptcha, 'base64').toString()) as { challenge: Challenge; solution: { counter: number; derivedKey: string } }
    const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64')
    expect((await signUp('human-4@example.com', { version: 'altcha', inrecaptcha: forge({ ...packed, solution: { ...packed.solution, derivedKey: packed.solution.derivedKey.replace(/.$/, (last) => (last === '0' ? '1' : '0')) } }) })).body).toMatchObject(refused)
    expect((await signUp('human-4@example.com', { version: 'altcha', inrecaptcha: forge({ ...packed, challenge: { ...packed.challenge, parameters: { ...packed.challenge.parameters, cost: 0 } } }) })).body).toMatchObject(refused)
    // Expired: made six minutes ago.
    const old = await solvedHumanCheck(await altchaChallenge(payload, new Date(Date.now() - 6 * 60 * 1000)))
    expect((await signUp('human-4@example.com', old)).body).toMatchObject(refused)
    // A form refusal (terms) does not spend the check; the corrected form goes through with it.
    expect((await signUp('human-4@example.com', { ...good, terms: false })).body).toMatchObject({ code: 'TERMS_AGREE' })
    expect((await signUp('human-4@example.com', good)).status).toBe(201)
  })

  it('forgets used nonces once their challenges have expired', async () => {
    const check = await solvedHumanCheck(await challenge())
    expect((await signUp('human-5@example.com', check)).status).toBe(201)
    const nonce = (JSON.parse(Buffer.from(check.inrecaptcha, 'base64').toString()) as { challenge: Challenge }).challenge.parameters.nonce
    const stored = () => payload.count({ collection: 'human-check-solutions', where: { nonce: { equals: nonce } }, overrideAccess: true })
    expect((await stored()).totalDocs).toBe(1)
    await forgetExpiredSolutions(payload, new Date())
    expect((await stored()).totalDocs).toBe(1)
    expect(await forgetExpiredSolutions(payload, new Date(Date.now() + 6 * 60 * 1000))).toBeGreaterThanOrEqual(1)
    expect((await stored()).totalDocs).toBe(0)
  })
})
