import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectBrowser, newPage } from './browser'

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
    await page.goto('/admin/login')
    await page.fill('input[name="email"]', 'admin@veilgate.local')
    await page.fill('input[name="password"]', 'veilgate-admin')
    await page.click('button[type="submit"]')
    await page.waitForURL((url) => !url.pathname.endsWith('/login'), { timeout: 30_000 })
    // Dashboard → System → Jobs.
    await page.locator('a[href="/admin/collections/payload-jobs"]:not(.nav__link)').first().click()
    await page.waitForURL('**/admin/collections/payload-jobs**')
    // Filtered to the maintenance queue, as the list's filter writes it into the address.
    const filtered = '/admin/collections/payload-jobs?where[or][0][and][0][queue][equals]=maintenance&limit=50'
    await page.goto(filtered)
    // The server queues the next runs at its first minute's tick: look again until they are there.
    const listed = async () => {
      const table = (await page.locator('table').first().textContent({ timeout: 10_000 }).catch(() => '')) ?? ''
      return tasks.filter((task) => table.includes(task))
    }
    let found = await listed()
    for (let round = 0; found.length < tasks.length && round < 20; round++) {
      await page.waitForTimeout(5_000)
      await page.goto(filtered)
      found = await listed()
    }
    expect(found.sort()).toEqual([...tasks].sort())
    await expect(page.locator('table').first().textContent()).resolves.toContain('maintenance')
    await page.context().close()
  }, 150_000)
})
