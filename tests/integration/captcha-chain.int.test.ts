// The third-party human-check chain on the three guarded endpoints, verified against a local siteverify stand-in.
import { getPayload, type Payload } from 'payload'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { POST as subscribeRoute } from '@/app/api/coms/subscribe/route'
import { POST as fastLoginRoute } from '@/app/api/veilgate/auth/fastlogin/route'
import { POST as registerRoute } from '@/app/api/veilgate/auth/register/route'
import { GET as chainRoute } from '@/app/api/veilgate/captcha/chain/route'
import { emailQueueIdle } from '@/services/email/queue'
import { startCaptchaStub, stubKeys, stubToken, type CaptchaStub, type StubVerdict } from '../support/captcha-stub'
import { solvedHumanCheck } from '../support/human-check'
import { callRoute } from '../support/routes'
import { setEnv } from '../support/stripe-account'
import { altchaChallenge } from '@/services/human-check/altcha'

let payload: Payload
let stub: CaptchaStub
let run = 0
const password = 'correct-Horse-battery-9'
const keys = stubKeys
const settings = [...Object.keys(keys), 'RECAPTCHA_VERIFY_URL', 'HCAPTCHA_VERIFY_URL', 'MIRROR_SITE', 'CAPTCHA_V3_MIN_SCORE'] as const
const saved = Object.fromEntries(settings.map((key) => [key, process.env[key]]))
const chainOn = (extra: Record<string, string | undefined> = {}) => setEnv({ ...keys, RECAPTCHA_VERIFY_URL: stub.recaptchaUrl, HCAPTCHA_VERIFY_URL: stub.hcaptchaUrl, MIRROR_SITE: undefined, CAPTCHA_V3_MIN_SCORE: undefined, ...extra })

beforeAll(async () => {
  payload = await getPayload({ config })
  stub = await startCaptchaStub()
})
afterEach(() => {
  stub.mode.slow = undefined
  stub.mode.error = undefined
})
afterAll(async () => {
  setEnv(saved)
  await stub?.close()
  await emailQueueIdle()
})

const email = (name: string) => `captcha-${name}-${Date.now()}-${++run}@example.com`
const v3 = (verdict: StubVerdict = {}) => ({ version: 'v3', inrecaptcha: stubToken({ score: 0.9, action: 'register', ...verdict }) })
const v2 = (verdict: StubVerdict = {}) => ({ version: 'v2', inrecaptcha: stubToken(verdict) })
const hcaptcha = (verdict: StubVerdict = {}) => ({ version: 'hcaptcha', inrecaptcha: stubToken(verdict) })
const register = (username: string, check: Record<string, unknown>) => callRoute(registerRoute, { path: '/api/veilgate/auth/register/', body: { username, password, confirmPassword: password, terms: true, ...check } })
const fastLogin = (username: string, check: Record<string, unknown>) => callRoute(fastLoginRoute, { path: '/api/veilgate/auth/fastlogin/', body: { username, timezone: '+0000', locale: 'en', ...check } })
const subscribe = (username: string, check: Record<string, unknown>) => callRoute(subscribeRoute, { path: '/api/coms/subscribe/', body: { username, source: 'vpn-site', type: 'common', locale: 'en', ...check } })
const refused = { statusCode: 400, code: 'NOT_VERIFIED_CAPTCHA', message: 'Not verified Captcha', field: 'inrecaptcha' }
const accounts = (username: string) => payload.count({ collection: 'customers', where: { email: { equals: username } }, overrideAccess: true }).then((found) => found.totalDocs)

describe('GET captcha/chain/', () => {
  it('is ALTCHA alone without keys', async () => {
    setEnv(saved)
    const answer = await chainRoute(new Request('http://localhost:3000/api/veilgate/captcha/chain/'), {} as never)
    expect(answer.headers.get('cache-control')).toBe('no-store')
    expect(await answer.json()).toEqual({ chain: ['altcha'], siteKeys: {}, scripts: {} })
  })

  it('names the chain, site keys and scripts, never a secret; a mirror starts at hCaptcha', async () => {
    chainOn()
    const answer = await callRoute(chainRoute, { path: '/api/veilgate/captcha/chain/' })
    expect(answer.body).toEqual({
      chain: ['v3', 'v2', 'hcaptcha'],
      siteKeys: { v3: keys.RECAPTCHA_V3_SITE_KEY, v2: keys.RECAPTCHA_V2_SITE_KEY, hcaptcha: keys.HCAPTCHA_SITE_KEY },
      scripts: { recaptcha: 'https://www.google.com/recaptcha/api.js', hcaptcha: 'https://js.hcaptcha.com/1/api.js' },
    })
    expect(JSON.stringify(answer.body)).not.toMatch(/secret/)
    chainOn({ MIRROR_SITE: 'true' })
    expect((await callRoute(chainRoute, { path: '/api/veilgate/captcha/chain/' })).body).toMatchObject({ chain: ['hcaptcha'], siteKeys: { hcaptcha: keys.HCAPTCHA_SITE_KEY } })
  })
})

describe('register/, fastlogin/ and coms/subscribe/ through the chain', () => {
  it('pass v3 with a good score for the form’s action; a low score answers next: "v2", and v2 passes', async () => {
    chainOn()
    const first = email('v3')
    expect((await register(first, v3())).status).toBe(201)
    const low = email('low')
    expect(await register(low, v3({ score: 0.3 }))).toMatchObject({ status: 400, body: { ...refused, next: 'v2' } })
    expect(await accounts(low)).toBe(0)
    expect((await register(low, v2())).status).toBe(201)
    // The secret and the token went to the reCAPTCHA endpoint, each step with its own secret.
    expect(stub.calls.filter((call) => call.provider === 'recaptcha').map((call) => call.form.secret).slice(-3)).toEqual([keys.RECAPTCHA_V3_SECRET, keys.RECAPTCHA_V3_SECRET, keys.RECAPTCHA_V2_SECRET])
    expect((await fastLogin(email('fast'), v3({ action: 'fastlogin' }))).status).toBe(202)
    expect((await subscribe(email('news'), v3({ action: 'subscribe' }))).status).toBe(200)
    // A minimum of 1 sends even a good score on.
    chainOn({ CAPTCHA_V3_MIN_SCORE: '1' })
    expect((await subscribe(email('news-strict'), v3({ action: 'subscribe', score: 0.9 }))).body).toMatchObject({ ...refused, next: 'v2' })
  })

  it('pass v2 and hCaptcha on each endpoint; hCaptcha is asked with its site key', async () => {
    chainOn()
    expect((await fastLogin(email('fast-v2'), v2())).status).toBe(202)
    expect((await subscribe(email('news-v2'), v2())).status).toBe(200)
    expect((await register(email('h'), hcaptcha())).status).toBe(201)
    expect((await fastLogin(email('fast-h'), hcaptcha())).status).toBe(202)
    expect((await subscribe(email('news-h'), hcaptcha())).status).toBe(200)
    const asked = stub.calls.filter((call) => call.provider === 'hcaptcha')
    expect(asked.at(-1)!.form).toMatchObject({ secret: keys.HCAPTCHA_SECRET, sitekey: keys.HCAPTCHA_SITE_KEY })
  })

  it('refuse a reused token, another action, a foreign host, a failed answer, and a version outside the chain', async () => {
    chainOn()
    const token = v3()
    expect((await register(email('once'), token)).status).toBe(201)
    const again = email('reuse')
    expect((await register(again, token)).body).toEqual(refused)
    const h = hcaptcha()
    expect((await subscribe(email('h-once'), h)).status).toBe(200)
    expect((await subscribe(email('h-reuse'), h)).body).toEqual(refused)
    expect((await register(again, v3({ action: 'subscribe' }))).body).toEqual(refused)
    expect((await register(again, v3({ hostname: 'evil.example' }))).body).toEqual(refused)
    expect((await register(again, v2({ hostname: 'evil.example' }))).body).toEqual(refused)
    expect((await register(again, v2({ success: false, errorCodes: ['timeout-or-duplicate'] }))).body).toEqual(refused)
    expect((await register(again, { version: 'v3', inrecaptcha: 'forged-token' })).body).toEqual(refused)
    const altcha = await solvedHumanCheck(await altchaChallenge(payload, new Date()))
    expect((await register(again, altcha)).body).toEqual(refused)
    expect((await fastLogin(again, { version: 'recaptcha', inrecaptcha: stubToken() })).body).toEqual(refused)
    chainOn({ MIRROR_SITE: 'true' })
    expect((await register(again, v3())).body).toEqual(refused)
    expect((await register(again, v2())).body).toEqual(refused)
    expect(await accounts(again)).toBe(0)
    expect((await register(again, hcaptcha())).status).toBe(201)
  })

  it('answer 400, never a 5xx, when the provider is down, failing or too slow', async () => {
    chainOn({ RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/recaptcha/api/siteverify', HCAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/siteverify' })
    const username = email('down')
    expect(await register(username, v3())).toMatchObject({ status: 400, body: refused })
    expect(await subscribe(username, hcaptcha())).toMatchObject({ status: 400, body: refused })
    chainOn()
    stub.mode.error = true
    expect(await fastLogin(username, v2())).toMatchObject({ status: 400, body: refused })
    stub.mode.error = false
    stub.mode.slow = 6_000
    const started = Date.now()
    expect(await register(username, v3())).toMatchObject({ status: 400, body: refused })
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_900)
    expect(await accounts(username)).toBe(0)
  }, 20_000)
})
