import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { createClient } from 'redis'
import type { Browser, Page } from 'playwright-core'
import { expect, inject } from 'vitest'
import { humanCheckOver } from '../support/human-check'
import { baseUrl, newPage } from './browser'
import { adminCredentials } from './admin'

/** A JSON POST to the running site: its status and body. */
export async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl()}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/** A new account with `password`, signed in through the API: its e-mail and token. */
export async function newAccount(prefix: string, password: string) {
  const email = `${prefix}-${randomUUID()}@example.com`
  const created = await post('/api/veilgate/auth/register/', { username: email, password, confirmPassword: password, terms: true, ...(await humanCheckOver(baseUrl())) })
  expect(created.status).toBe(201)
  return { email, token: String(created.body.token) }
}

/** The running site's admin token (`/cms-api`). */
export async function adminToken(): Promise<string> {
  return String((await post('/cms-api/admins/login', adminCredentials())).body.token)
}

/** Runs one SQL statement on the shared server's database: for state no visitor or admin can undo. */
export async function siteSql(statement: string): Promise<void> {
  const pid = readFileSync(path.join(inject('dataDir'), 'postgres', 'postmaster.pid'), 'utf8').split('\n')
  const client = new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${pid[3]}/veilgate` })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** Forgets every rate-limit count of the shared server (PostgreSQL and Redis): a burst's counts stay out of the next test's way. */
export async function clearRateLimits(): Promise<void> {
  await siteSql('delete from rate_limits')
  const redis = createClient({ url: inject('redisUrl') })
  await redis.connect()
  try {
    const keys = await redis.keys('limit-*')
    if (keys.length) await redis.del(keys)
  } finally {
    await redis.quit()
  }
}

/**
 * Puts the shared server's sandbox clock back to real time, for a file that moved it. Nobody can
 * move the clock back, so the offset is reset in PostgreSQL; the admins' clock route reads it
 * again on each request, which brings the server's process clock along.
 */
export async function backToRealTime(): Promise<void> {
  await siteSql('update sandbox_clock set offset_ms = 0')
  const response = await fetch(`${baseUrl()}/api/payments/sandbox/clock`, { headers: { authorization: `JWT ${await adminToken()}` } })
  expect(((await response.json()) as { offsetMs: number }).offsetMs).toBe(0)
}

/** Signs `page` in to the admin through its login form, as an editor does. */
export async function signInToAdmin(page: Page): Promise<void> {
  await page.goto('/admin/login')
  const { email, password } = adminCredentials()
  await page.fill('input[name="email"]', email)
  await page.fill('input[name="password"]', password)
  await page.click('button[type="submit"]')
  await page.waitForURL((url) => !url.pathname.endsWith('/login'), { timeout: 30_000 })
}

/** A page at `path` whose tab starts signed in with `token` (stored once: a sign-out in the tab sticks). */
export async function signedInPage(browser: Browser, token: string | null, path: string) {
  const page = await newPage(browser)
  await page.addInitScript((stored) => {
    window.localStorage.setItem('cookie-notice', 'accepted')
    if (stored && !window.sessionStorage.getItem('seeded')) {
      window.localStorage.setItem('veilgate:auth-token', stored)
      window.sessionStorage.setItem('seeded', '1')
    }
  }, token)
  await page.goto(path)
  return page
}

/** The text of the newest outbox message of `template` to `to` (the e-mail queue runs in the background). */
export async function outboxText(to: string, template: string): Promise<string> {
  const admin = await adminToken()
  for (let i = 0; i < 120; i++) {
    const query = new URLSearchParams({ 'where[to][equals]': to, 'where[template][equals]': template, sort: '-createdAt' })
    const found = (await (await fetch(`${baseUrl()}/cms-api/outbox?${query}`, { headers: { authorization: `JWT ${admin}` } })).json()) as { docs: { text: string }[] }
    if (found.docs[0]) return found.docs[0].text
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`no ${template} to ${to}`)
}

/** The first link in a message's text whose path is `path`, as a path on the running site. */
export function linkIn(text: string, path: string): string {
  const found = new RegExp(`https?://\\S+${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\?token=[A-Za-z0-9_-]+`).exec(text)
  if (!found) throw new Error(`no ${path} link in the message`)
  const url = new URL(found[0])
  return url.pathname + url.search
}
