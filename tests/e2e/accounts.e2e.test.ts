import { beforeAll, describe, expect, it } from 'vitest'
import { baseUrl } from './browser'
import { humanCheckOver } from '../support/human-check'
import { adminCredentials } from './admin'

const password = 'correct-Horse-battery-9'
let adminToken = ''

async function api(path: string, init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { 'x-auth-token': init.token } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const text = await response.text()
  let body: Record<string, unknown> = {}
  try {
    body = JSON.parse(text)
  } catch {
    body = { text }
  }
  return { status: response.status, body }
}

const auth = (name: string, init: Parameters<typeof api>[1] = {}) => api(`/api/veilgate/auth/${name}/`, init)

async function outbox(to: string, template: string) {
  for (let i = 0; i < 60; i++) {
    const query = new URLSearchParams({ 'where[to][equals]': to, 'where[template][equals]': template, sort: '-createdAt' })
    const { body } = await api(`/cms-api/outbox?${query}`, { headers: { authorization: `JWT ${adminToken}` } })
    const docs = (body.docs ?? []) as { text: string }[]
    if (docs.length) return docs
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return []
}

beforeAll(async () => {
  const login = await api('/cms-api/admins/login', { body: adminCredentials() })
  adminToken = String(login.body.token)
})

describe('the auth API over HTTP (production build)', () => {
  it('registers, signs in in any case, confirms by e-mail, and ends sessions on a password change and logout', async () => {
    const created = await auth('register', { body: { username: 'E2E.Customer@Example.com', password, confirmPassword: password, terms: true, locale: 'de', ...(await humanCheckOver(baseUrl())) } })
    expect(created.status).toBe(201)
    const first = String(created.body.token)
    const second = await auth('login', { body: { username: 'E2E.CUSTOMER@EXAMPLE.COM', password } })
    expect(second.status).toBe(200)
    const info = await auth('user-info', { token: first })
    expect(info.body).toMatchObject({ email: 'e2e.customer@example.com', locale: 'de', confirmed: false })
    // Without the trailing slash too.
    expect((await api('/api/veilgate/auth/user-info', { token: first })).status).toBe(200)

    const [mail] = await outbox('e2e.customer@example.com', 'confirm-address')
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1]
    expect((await auth('confirm', { body: { token } })).body).toEqual({ confirmed: true })
    expect((await auth('user-info', { token: first })).body.confirmed).toBe(true)

    const newPassword = 'another-Strong-pass-42'
    expect((await auth('change-password', { body: { password, newPassword }, token: String(second.body.token) })).body).toEqual({ ok: true })
    expect((await auth('user-info', { token: first })).body).toMatchObject({ statusCode: 401, code: 'EXPIRED_SESSION' })
    expect((await auth('login', { body: { username: 'e2e.customer@example.com', password } })).status).toBe(401)
    const third = await auth('login', { body: { username: 'e2e.customer@example.com', password: newPassword } })
    expect(third.status).toBe(200)
    expect((await auth('logout', { body: {}, token: String(third.body.token) })).body).toEqual({ ok: true })
    expect((await auth('user-info', { token: String(third.body.token) })).status).toBe(401)
  })

  it('locks after five wrong passwords, e-mails the notice, and an admin unlocks it', async () => {
    await auth('register', { body: { username: 'e2e-locked@example.com', password, confirmPassword: password, terms: true, ...(await humanCheckOver(baseUrl())) } })
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) statuses.push((await auth('login', { body: { username: 'e2e-locked@example.com', password: `wrong-${i}-password` } })).status)
    expect(statuses).toEqual([401, 401, 401, 401, 423])
    expect((await auth('login', { body: { username: 'e2e-locked@example.com', password } })).body).toMatchObject({ statusCode: 423, code: 'LOGIN_ATTEMPTS_EXCEEDED' })
    expect(await outbox('e2e-locked@example.com', 'lockout-notice')).toHaveLength(1)
    const unlock = await api('/cms-api/customers/unlock', { body: { email: 'e2e-locked@example.com' }, headers: { authorization: `JWT ${adminToken}` } })
    expect(unlock.status).toBe(200)
    expect((await auth('login', { body: { username: 'e2e-locked@example.com', password } })).status).toBe(200)
  })

  it('answers errors as { statusCode, code, message } in the request’s language, and 405 for other methods', async () => {
    const german = await auth('register', { body: { username: 'x', locale: 'de' } })
    expect(german.body).toEqual({ statusCode: 400, code: 'INVALID_EMAIL', message: 'Ungültige E-Mail-Adresse', field: 'username' })
    expect((await auth('error', { headers: { cookie: 'NEXT_LOCALE=fr' } })).body).toMatchObject({ code: 'undefinedError', message: 'Une erreur s’est produite. Veuillez réessayer plus tard.' })
    expect((await api('/api/veilgate/auth/login/')).status).toBe(405)
    expect((await api('/api/veilgate/auth/user-info/', { method: 'DELETE' })).status).toBe(405)
    expect((await auth('user-info', { headers: { 'x-auth-token': '%00' } })).status).toBe(401)
    expect((await api('/api/veilgate/auth/login/', { method: 'POST', headers: { 'content-type': 'application/json' } })).status).toBe(400)
  })

  it('gives a customer no more than a visitor under /cms-api', async () => {
    const { body } = await auth('login', { body: { username: 'e2e-locked@example.com', password } })
    const token = String(body.token)
    const as = { headers: { authorization: `JWT ${token}`, 'x-auth-token': token } }
    expect((await api('/cms-api/customers/login', { body: { email: 'e2e-locked@example.com', password } })).status).toBe(403)
    for (const slug of ['customers', 'admins', 'form-submissions', 'payload-jobs', 'enquiries']) {
      expect((await api(`/cms-api/${slug}`, as)).status, slug).toBe(403)
      expect((await api(`/cms-api/${slug}`)).status, slug).toBe(403)
    }
    for (const slug of ['customers', 'admins', 'pages', 'media', 'forms', 'form-submissions', 'redirects', 'enquiries', 'app-releases', 'server-locations']) {
      expect((await api(`/cms-api/${slug}`, { ...as, body: { title: 'x', email: 'x@example.com' } })).status, slug).toBe(403)
    }
    expect((await api('/cms-api/customers/unlock', { ...as, body: { email: 'e2e-locked@example.com' } })).status).toBe(403)
    const visitorPages = await api('/cms-api/pages?limit=5&depth=0')
    const customerPages = await api('/cms-api/pages?limit=5&depth=0', as)
    expect(customerPages.body.totalDocs).toBe(visitorPages.body.totalDocs)
  })
})
