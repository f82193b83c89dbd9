import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, baseUrl, connectBrowser, newPage } from './browser'

let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
})

afterAll(async () => {
  await browser?.close()
})

/** Presses Tab until the focused element matches `selector` (keyboard only, like a visitor). */
async function tabTo(page: Page, selector: string, max = 200) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab')
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return
  }
  throw new Error(`Tab never reached ${selector}`)
}

const views = ['pickup', 'pickup-b', 'pickup-c', 'pickup-d', 'pickup-e']

describe('the plan picker routes', () => {
  it('answer 200 in English, German and Arabic with the heading and the right lang and dir', async () => {
    for (const [prefix, lang, dir, heading] of [
      ['', 'en', 'ltr', 'Choose your plan'],
      ['/de', 'de', 'ltr', 'Wähle dein Abo'],
      ['/ar', 'ar', 'rtl', 'اختر خطتك'],
    ]) {
      for (const view of views) {
        const response = await fetch(`${baseUrl()}${prefix}/order/${view}`)
        expect(response.status, `${prefix}/order/${view}`).toBe(200)
        const html = await response.text()
        expect(html).toMatch(new RegExp(`<html lang="${lang}" dir="${dir}"`))
        expect(html).toContain(`>${heading}</h1>`)
      }
    }
    expect((await fetch(`${baseUrl()}/order/pickup-z`)).status).toBe(404)
  })

  it('render the defaults for hostile queries, never a 5xx', async () => {
    for (const query of ['?plan[]=x&plan=y', '?plan=%00', '?slots=%00&region=%ff', `?plan=${'a'.repeat(5000)}`, '?ipRegion[]=de-frankfurt&ipRegion[x]=1']) {
      const response = await fetch(`${baseUrl()}/order/pickup${query}`)
      expect(response.status, query).toBe(200)
    }
    const page = await newPage(browser)
    await page.goto('/order/pickup?plan[]=vpn-1m&plan=nope&slots=7&ipRegion=%00')
    expect(await page.locator('input[name="plan"]:checked').getAttribute('value')).toBe('vpn-1y')
    expect(await page.locator('input[name="slots"]:checked').getAttribute('value')).toBe('0')
    await page.context().close()
  })
})

describe('choosing a plan and add-ons with the keyboard', () => {
  // English and Arabic (right to left) walk it; German's picker is English's with other words (its heading, lang
  // and dir above, its add-on link and axe below).
  for (const [prefix, region] of [
    ['', 'Frankfurt'],
    ['/ar', 'Frankfurt'],
  ] as const) {
    it(`reaches checkout with the choice, and a reload keeps it (${prefix || '/'})`, async () => {
      const page = await newPage(browser)
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text())
      })
      await page.goto(`${prefix}/order/pickup`)
      expect(await page.locator('[data-plan="vpn-1y"] [data-saving]').count()).toBe(1)
      const total = page.locator('[data-total]')
      const before = await total.textContent()
      // Plans: from the preselected 1 year to 1 month and back, with arrow keys.
      await tabTo(page, 'input[name="plan"]')
      await page.keyboard.press('ArrowUp')
      await expect.poll(() => page.url()).toContain('plan=vpn-1m')
      await page.keyboard.press('ArrowDown')
      await expect.poll(() => page.url()).toContain('plan=vpn-1y')
      // 5 extra devices.
      await tabTo(page, 'input[name="slots"]')
      await page.keyboard.press('ArrowDown')
      await page.keyboard.press('ArrowDown')
      await expect.poll(() => page.url()).toContain('slots=5')
      // A static IP in Frankfurt.
      await tabTo(page, 'input[name="extra"]')
      await page.keyboard.press('ArrowDown')
      await page.keyboard.press('ArrowDown')
      await tabTo(page, 'select[name="ipRegion"]')
      await page.keyboard.type(region)
      await expect.poll(() => page.url()).toContain('ipRegion=de-frankfurt')
      expect(await total.textContent()).not.toBe(before)
      const chosen = new URL(page.url()).search
      expect(chosen).toBe('?plan=vpn-1y&slots=5&ipRegion=de-frankfurt')
      expect(await axeViolations(page)).toEqual([])
      // Reload: the same choice.
      await page.reload()
      await expect.poll(() => page.locator('input[name="slots"]:checked').getAttribute('value')).toBe('5')
      expect(await page.locator('select[name="ipRegion"]').inputValue()).toBe('de-frankfurt')
      expect(await total.textContent()).not.toBe(before)
      expect(errors).toEqual([])
      // Continue to payment (the checkout page itself comes with its own issue).
      await tabTo(page, '[data-continue]')
      await Promise.all([page.waitForURL(/\/order\/checkout\?/), page.keyboard.press('Enter')])
      const target = new URL(page.url())
      expect(target.pathname).toBe(`${prefix}/order/checkout`)
      expect(target.search).toBe(chosen)
      await page.context().close()
    })
  }

  it('is where the home page’s “Choose your plan” leads, with per-month prices', async () => {
    const page = await newPage(browser)
    await page.goto('/')
    await Promise.all([page.waitForURL(/\/order\/pickup/), page.getByRole('link', { name: 'Choose your plan' }).first().click()])
    expect(await page.locator('[data-plan="vpn-1y"]').textContent()).toContain('per month')
    await page.context().close()
  })

  it('takes add-on cards on other pages to the picker with the add-on chosen (in German)', async () => {
    const page = await newPage(browser)
    await page.goto('/de/extras/additional-devices')
    const href = await page.locator('[data-purchase-id="slots-5-1y"] a').first().getAttribute('href')
    expect(href).toBe('/de/order/pickup?plan=vpn-1y&slots=5')
    await page.goto(href!)
    await expect.poll(() => page.locator('input[name="slots"]:checked').getAttribute('value')).toBe('5')
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['de', 'ltr'])
    expect(await axeViolations(page)).toEqual([])
    await page.context().close()
  })
})

describe('the picker variants from the admin’s picker global', () => {
  it('b shows the total price of its three plans, d a compact list, all naming /order/pickup as canonical', async () => {
    const page = await newPage(browser)
    await page.goto('/order/pickup-b')
    expect(await page.locator('input[name="plan"]').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toEqual(['vpn-1m', 'vpn-1y', 'vpn-3y'])
    expect(await page.locator('[data-plan="vpn-1y"] [data-price]').textContent()).toBe('$71.88')
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/order\/pickup$/)
    await page.goto('/ar/order/pickup-d')
    expect(await page.locator('[data-picker-view="pickup-d"] li[data-plan] label input[type="radio"]').count()).toBe(4)
    expect(await page.locator('[data-buy-now]').count()).toBe(0)
    await tabTo(page, 'input[name="plan"]')
    await page.keyboard.press('ArrowDown')
    await expect.poll(() => page.url()).toContain('plan=vpn-3y')
    expect(await axeViolations(page)).toEqual([])
    await page.context().close()
  })
})
