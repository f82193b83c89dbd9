import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baseUrl, connectBrowser, newPage } from './browser'
import { adminToken, signInToAdmin } from './customers'

let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
})

afterAll(async () => {
  await browser?.close()
})

const tasks = ['expireOrders', 'finishFulfilment', 'dropIdempotencyKeys', 'purgeDeletedAccounts', 'forgetHumanCheckSolutions', 'dropCustomerTokens']

describe('the scheduled upkeep in the admin', () => {
  it('lists each maintenance task’s next run under System → Jobs', async () => {
    const page = await newPage(browser)
    await signInToAdmin(page)
    // Dashboard → System → Jobs.
    await page.locator('a[href="/admin/collections/payload-jobs"]:not(.nav__link)').first().click()
    await page.waitForURL('**/admin/collections/payload-jobs**')
    // Filtered to the maintenance queue, as the list's filter writes it into the address.
    const filtered = '/admin/collections/payload-jobs?where[or][0][and][0][queue][equals]=maintenance&limit=50'
    await page.goto(filtered)
    // The server queues each task's next run at a minute's tick; a run that just finished is queued
    // again at the next one. Rather than wait for that tick, ask for what the tick does, as an
    // operator's external cron would (Payload's handle-schedules, admins only), and look again
    // until every task has been seen waiting.
    expect((await fetch(`${baseUrl()}/cms-api/payload-jobs/handle-schedules?queue=maintenance`)).status).toBe(401)
    const token = await adminToken()
    const seen = new Set<string>()
    for (let round = 0; seen.size < tasks.length && round < 10; round++) {
      const scheduled = await fetch(`${baseUrl()}/cms-api/payload-jobs/handle-schedules?queue=maintenance`, { headers: { authorization: `JWT ${token}` } })
      expect(scheduled.status, await scheduled.text()).toBe(200)
      await page.goto(filtered)
      const table = (await page.locator('table').first().textContent({ timeout: 10_000 })) ?? ''
      for (const task of tasks) if (table.includes(task)) seen.add(task)
    }
    expect([...seen].sort()).toEqual([...tasks].sort())
    await expect(page.locator('table').first().textContent()).resolves.toContain('maintenance')
    await page.context().close()
  })
})
