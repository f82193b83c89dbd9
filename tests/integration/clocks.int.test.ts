// One clock for each kind of time (src/lib/clock.ts): the sandbox clock moved months on changes
// business time only; sign-in, sessions and every link and code keep their real lifetimes.
import { randomUUID } from 'node:crypto'
import { getPayload, type Payload } from 'payload'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { POST as emailRoute } from '@/app/api/veilgate/account/email/route'
import { POST as autologinPost } from '@/app/api/veilgate/auth/autologin/route'
import { POST as confirmRoute } from '@/app/api/veilgate/auth/confirm/route'
import { POST as fastLoginRoute } from '@/app/api/veilgate/auth/fastlogin/route'
import { POST as login } from '@/app/api/veilgate/auth/login/route'
import { POST as resetConfirmRoute } from '@/app/api/veilgate/auth/password-reset/confirm/route'
import { POST as resetRoute } from '@/app/api/veilgate/auth/password-reset/route'
import { POST as register } from '@/app/api/veilgate/auth/register/route'
import { GET as userInfo } from '@/app/api/veilgate/auth/user-info/route'
import { POST as newsletterConfirmRoute } from '@/app/api/coms/subscribe/confirm/route'
import { POST as subscribeRoute } from '@/app/api/coms/subscribe/route'
import { clockOffset, now, securityNow, setClockOffset } from '@/lib/clock'
import { findSubscriber } from '@/services/newsletter/subscribers'
import { humanCheck } from '../support/human-check-route'
import { mailTo, tokenIn } from '../support/mail'
import { callRoute } from '../support/routes'

let payload: Payload
const DAY_MS = 86_400_000
const AHEAD_MS = 92 * DAY_MS
const password = 'Quarry-lantern-Meadow-47'
const newPassword = 'Harbour-violet-Signal-83'

beforeAll(async () => {
  payload = await getPayload({ config })
})

afterEach(() => {
  setClockOffset(0)
  delete process.env.CLOCK_NOW
})

const address = (name: string) => `clocks-${name}-${randomUUID().slice(0, 8)}@example.com`
const signUp = async (username: string) => callRoute(register, { body: { username, password, confirmPassword: password, terms: true, ...(await humanCheck()) } })
const signIn = (username: string, pass = password) => callRoute(login, { body: { username, password: pass } })
const me = (token: unknown) => callRoute(userInfo, { headers: { 'x-auth-token': String(token) } })

/** The sandbox clock three months on, as an admin moves it to watch renewals (loaded into the process as at start). */
function moveSandboxClock() {
  setClockOffset(AHEAD_MS)
  expect(clockOffset()).toBe(AHEAD_MS)
  expect(now().getTime() - securityNow().getTime()).toBeGreaterThan(AHEAD_MS - 60_000)
}

describe('the sandbox clock three months on', () => {
  it('signs a new, unconfirmed customer in at once, and asks for the confirmation only after the real grace', async () => {
    moveSandboxClock()
    const email = address('new')
    expect((await signUp(email)).status).toBe(201)
    const signedIn = await signIn(email)
    expect(signedIn.status).toBe(200)
    expect((await me(signedIn.body.token)).body).toMatchObject({ email, confirmed: false })

    // Eight real days later (CLOCK_NOW pins security time), the grace is over.
    process.env.CLOCK_NOW = new Date(Date.now() + 8 * DAY_MS).toISOString()
    expect((await signIn(email)).body).toMatchObject({ statusCode: 403, code: 'ACCOUNT_NOT_CONFIRMED', message: 'Your account has not been confirmed.' })
  })

  it('ends no session and expires no link or code that was issued before it moved', async () => {
    const email = address('links')
    const created = await signUp(email)
    expect(created.status).toBe(201)
    const [confirmation] = await mailTo(payload, email, 'confirm-address')
    expect((await callRoute(resetRoute, { path: '/api/veilgate/auth/password-reset/', body: { username: email } })).status).toBe(202)
    const [reset] = await mailTo(payload, email, 'password-reset')
    expect((await callRoute(fastLoginRoute, { path: '/api/veilgate/auth/fastlogin/', body: { username: email, ...(await humanCheck()) } })).status).toBe(202)
    const [fast] = await mailTo(payload, email, 'fast-login')
    const code = /\b(\d{6})\b/.exec((fast?.text ?? '').replace(/https?:\/\/\S+/g, ''))?.[1]
    const moved = address('moved')
    expect((await callRoute(emailRoute, { path: '/api/veilgate/account/email/', headers: { 'x-auth-token': String(created.body.token) }, body: { password, email: moved } })).status).toBe(202)
    const [change] = await mailTo(payload, moved, 'confirm-address')
    expect(code).toMatch(/^\d{6}$/)

    moveSandboxClock()
    expect((await me(created.body.token)).status).toBe(200)
    const fastSignIn = await callRoute(autologinPost, { path: '/api/veilgate/auth/autologin/', body: { username: email, code } })
    expect(fastSignIn.status).toBe(200)
    expect(await callRoute(confirmRoute, { path: '/api/veilgate/auth/confirm/', body: { token: tokenIn(confirmation?.text) } })).toMatchObject({ status: 200, body: { confirmed: true } })
    const chosen = await callRoute(resetConfirmRoute, { path: '/api/veilgate/auth/password-reset/confirm/', body: { token: tokenIn(reset?.text), password: newPassword, confirmPassword: newPassword } })
    expect(chosen.status).toBe(200)
    expect(await callRoute(confirmRoute, { path: '/api/veilgate/auth/confirm/', body: { token: tokenIn(change?.text) } })).toMatchObject({ status: 200, body: { confirmed: true } })
    expect((await signIn(moved, newPassword)).status).toBe(200)
  })

  it('keeps the newsletter confirmation link of a week', async () => {
    const email = address('reader')
    expect((await callRoute(subscribeRoute, { path: '/api/coms/subscribe/', body: { ...(await humanCheck()), username: email } })).status).toBe(200)
    const [mail] = await mailTo(payload, email, 'newsletter-confirm')
    const token = /newsletter\/confirm\?token=([A-Za-z0-9_.-]+)/.exec(mail?.text ?? '')?.[1]
    expect(token).toBeTruthy()

    moveSandboxClock()
    const request = new Request('http://localhost:3000/api/coms/subscribe/confirm/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: token!, locale: 'en' }).toString(),
    })
    const answer = await newsletterConfirmRoute(request, {} as never)
    expect(answer.headers.get('location')).toBe('http://localhost:3000/newsletter/confirm?done=1')
    expect(await findSubscriber(payload, email)).toMatchObject({ status: 'active' })
  })
})
