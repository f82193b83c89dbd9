import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baseUrl, connectBrowser, newPage } from './browser'
import { signInToAdmin } from './customers'
import { adminCredentials } from './admin'

let browser: Browser
let token = ''
let experimentId: number | null = null
const NAME = 'e2e-picker-test'

async function cms(path: string, init: { method?: string; body?: unknown; auth?: boolean } = {}) {
  const response = await fetch(`${baseUrl()}/cms-api${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', ...(init.auth === false ? {} : { authorization: `JWT ${token}` }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  return { status: response.status, body: await response.json().catch(() => null) }
}

/** Whether the proxy assigns this experiment on /order/pickup yet (its cache lasts EXPERIMENT_CACHE_SECONDS, 1 s here). */
async function assigned() {
  const response = await fetch(`${baseUrl()}/order/pickup`, { redirect: 'manual' })
  await response.arrayBuffer()
  return response.headers.getSetCookie().some((cookie) => cookie.startsWith(`exp_${NAME}=`))
}

beforeAll(async () => {
  token = (await cms('/admins/login', { body: adminCredentials(), auth: false })).body.token
  browser = await connectBrowser()
})

afterAll(async () => {
  await browser?.close()
  if (experimentId) {
    await cms(`/experiments/${experimentId}`, { method: 'PATCH', body: { active: false } })
    // Other files visit the picker: wait until the proxy has let the ended experiment go.
    const deadline = Date.now() + 15_000
    while (await assigned()) {
      if (Date.now() > deadline) throw new Error(`the proxy still assigns ${NAME} after it ended`)
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
})

describe('an experiment on /order/pickup', () => {
  it('splits new browsers 50/50 between two views, keeps a returning browser’s view, replaces a bad cookie, and counts exposures', async () => {
    expect((await cms('/experiments', { auth: false })).status).toBe(403)
    const created = await cms('/experiments', {
      body: { name: NAME, active: true, variants: [{ label: 'Cards', weight: 50, view: 'pickup' }, { label: 'List', weight: 50, view: 'pickup-d' }] },
    })
    expect(created.status).toBe(201)
    experimentId = created.body.doc.id
    await expect.poll(assigned, { timeout: 15_000, interval: 250 }).toBe(true)

    const seen = new Map<string, string>()
    for (let i = 0; i < 12; i++) {
      const page = await newPage(browser)
      const [tracked] = await Promise.all([page.waitForResponse((response) => response.url().includes('/api/veilgate/experiments/exposure/')), page.goto('/order/pickup')])
      expect(tracked.status()).toBe(204)
      const view = await page.locator('[data-picker-view]').getAttribute('data-picker-view')
      const cookie = (await page.context().cookies()).find((c) => c.name === `exp_${NAME}`)
      expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' })
      expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(5_184_000 - 120)
      expect(view).toBe(cookie!.value === '0' ? 'pickup' : 'pickup-d')
      seen.set(view!, cookie!.value)
      if (i === 0) {
        // A returning browser keeps its view.
        for (let j = 0; j < 3; j++) {
          await page.reload()
          expect(await page.locator('[data-picker-view]').getAttribute('data-picker-view')).toBe(view)
        }
      }
      await page.context().close()
    }
    expect([...seen.keys()].sort()).toEqual(['pickup', 'pickup-d'])

    // A cookie holding 7 (no such variant) is replaced.
    const page = await newPage(browser)
    await page.context().addCookies([{ name: `exp_${NAME}`, value: '7', url: baseUrl() }])
    await page.goto('/de/order/pickup')
    const replaced = (await page.context().cookies()).find((c) => c.name === `exp_${NAME}`)!
    expect(['0', '1']).toContain(replaced.value)
    await page.context().close()

    // Exposures reach the admin's results (tracked on mount, one per visit).
    await expect
      .poll(async () => {
        const doc = (await cms(`/experiments/${experimentId}`)).body as { results: { exposures: number }[] }
        return doc.results.reduce((sum, row) => sum + row.exposures, 0)
      }, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(12)
    const admin = await newPage(browser)
    await signInToAdmin(admin)
    await admin.goto(`/admin/collections/experiments/${experimentId}`)
    await expect.poll(() => admin.locator('[data-variant="1"] [data-exposures]').textContent(), { timeout: 15_000 }).toMatch(/^\d+$/)
    await admin.context().close()
  })
})
