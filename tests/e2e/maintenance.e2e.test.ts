import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectBrowser, newPage } from './browser'
import { signInToAdmin } from './customers'

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
    // again at the next one. Look again until every task has been seen waiting.
    const seen = new Set<string>()
    const look = async () => {
      const table = (await page.locator('table').first().textContent({ timeout: 10_000 }).catch(() => '')) ?? ''
      for (const task of tasks) if (table.includes(task)) seen.add(task)
    }
    await look()
    for (let round = 0; seen.size < tasks.length && round < 20; round++) {
      await page.waitForTimeout(5_000)
      await page.goto(filtered)
      await look()
    }
    expect([...seen].sort()).toEqual([...tasks].sort())
    await expect(page.locator('table').first().textContent()).resolves.toContain('maintenance')
    await page.context().close()
  }, 150_000)
})
