// The third-party human-check chain in Chromium: a site started with reCAPTCHA v3, v2 and hCaptcha keys (and a mirror with them), their verify URLs on a local stand-in, their scripts played by page.route stubs.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { Browser, Page, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCaptchaStub, stubKeys, type CaptchaStub } from '../support/captcha-stub'
import { axeViolations, baseUrl, connectBrowser, newPage, watchViolations } from './browser'
import { startInstance, type Instance } from './instance'

let browser: Browser
let stub: CaptchaStub
let site: Instance
let mirror: Instance
const password = 'correct-Horse-battery-9'
const keys = stubKeys

beforeAll(async () => {
  browser = await connectBrowser()
  stub = await startCaptchaStub()
  const settings = { ...keys, RECAPTCHA_VERIFY_URL: stub.recaptchaUrl, HCAPTCHA_VERIFY_URL: stub.hcaptchaUrl }
  ;[site, mirror] = await Promise.all([startInstance(settings), startInstance({ ...settings, MIRROR_SITE: 'true' })])
}, 240_000)

afterAll(async () => {
  await Promise.all([site?.stop(), mirror?.stop()])
  await stub?.close()
  await browser?.close()
})

/** How the stub providers behave in a test: v3's score, whether v2's challenge errs, whether hCaptcha has a network error. */
type Behaviour = { v3Score?: number; v2?: 'pass' | 'error'; hcaptcha?: 'pass' | 'network-error'; recaptchaScript?: 'serve' | 'fail' }

/**
 * The provider scripts as page.route stubs (never in the product): `grecaptcha` and `hcaptcha`
 * with the calls the site makes, handing out tokens the siteverify stand-in understands
 * (`stub_<base64url verdict>_<hex>`), each call recorded in `window.captchaCalls`.
 */
function fakeScripts(behaviour: Behaviour) {
  const common = `
    window.captchaCalls = window.captchaCalls || [];
    const token = (verdict) => 'stub_' + btoa(JSON.stringify(verdict)).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '') + '_' + Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => b.toString(16).padStart(2, '0')).join('');
    const behaviour = ${JSON.stringify(behaviour)};`
  const recaptcha = `${common}
    const widgets = [];
    window.grecaptcha = {
      ready: (callback) => setTimeout(callback, 0),
      render: (element, options) => { widgets.push(options); element.setAttribute('data-widget', options.sitekey); return widgets.length - 1 },
      reset: () => {},
      execute: (keyOrWidget, options) => {
        if (typeof keyOrWidget === 'string') {
          window.captchaCalls.push('v3:' + keyOrWidget + ':' + options.action);
          return Promise.resolve(token({ score: behaviour.v3Score ?? 0.9, action: options.action, hostname: location.hostname }));
        }
        const widget = widgets[keyOrWidget];
        window.captchaCalls.push('v2:' + widget.sitekey);
        setTimeout(() => (behaviour.v2 === 'error' ? widget['error-callback']() : widget.callback(token({ hostname: location.hostname }))), 50);
      },
    };`
  const hcaptcha = `${common}
    window.hcaptcha = {
      render: (element, options) => { element.setAttribute('data-widget', options.sitekey); return 'h-1' },
      reset: () => {},
      execute: (widget, options) => {
        window.captchaCalls.push('hcaptcha:' + widget + ':' + options.async);
        return behaviour.hcaptcha === 'network-error' ? Promise.reject('network-error') : Promise.resolve({ response: token({ hostname: location.hostname }), key: 'e2e' });
      },
    };`
  // Each in a scope of its own, as separate scripts on one page.
  return { recaptcha: `(() => {${recaptcha}\n})()`, hcaptcha: `(() => {${hcaptcha}\n})()` }
}

/** A visitor's page on `instance` with the provider stubs routed; every provider script request recorded. */
async function visit(instance: Instance, path: string, behaviour: Behaviour = {}) {
  const page = await newPage(browser)
  const scripts: string[] = []
  const violations = watchViolations(page)
  const fake = fakeScripts(behaviour)
  await page.route('https://www.google.com/recaptcha/**', async (route) => {
    scripts.push(route.request().url())
    if (behaviour.recaptchaScript === 'fail') return route.abort('connectionrefused')
    await route.fulfill({ contentType: 'text/javascript', body: fake.recaptcha })
  })
  await page.route('https://js.hcaptcha.com/**', async (route) => {
    scripts.push(route.request().url())
    await route.fulfill({ contentType: 'text/javascript', body: fake.hcaptcha })
  })
  await page.goto(`${instance.baseUrl}${path}`)
  await page.locator('section[data-cookie-notice] button[data-consent="necessary"]').click()
  await page.locator('section[data-cookie-notice]').waitFor({ state: 'detached' })
  return { page, scripts, violations }
}

const form = (page: Page) => page.locator('[data-sign-up-form]')
const registers = (page: Page) => {
  const sent: Request[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/veilgate/auth/register/')) sent.push(request)
  })
  return sent
}
const versions = (sent: Request[]) => sent.map((request) => (request.postDataJSON() as { version: string }).version)
const calls = (page: Page) => page.evaluate(() => (window as unknown as { captchaCalls?: string[] }).captchaCalls ?? [])

/** Fills the sign-up form by keyboard-reachable fields and presses "Create account". */
async function signUp(page: Page, texts = { email: 'E-mail', password: 'Password', confirm: 'Confirm password', submit: 'Create account' }) {
  const email = `e2e-captcha-${randomUUID()}@example.com`
  await form(page).getByLabel(texts.email, { exact: true }).fill(email)
  await form(page).getByLabel(texts.password, { exact: true }).fill(password)
  await form(page).getByLabel(texts.confirm, { exact: true }).fill(password)
  await form(page).locator('input[type="checkbox"]').first().check()
  await form(page).getByRole('button', { name: texts.submit }).click()
  return email
}
const created = (page: Page) => page.getByRole('heading', { name: 'Check your inbox to confirm your address' }).waitFor({ timeout: 30_000 })

describe('sign-up through the third-party chain', () => {
  it('loads no provider script before the form is focused, then passes v3 with no visible challenge; the notice replaces the check; axe and the CSP find nothing', async () => {
    const { page, scripts, violations } = await visit(site, '/sign-up')
    const sent = registers(page)
    // The page has loaded and been answered: no provider script, and the ALTCHA placeholder holds the place.
    expect(scripts).toEqual([])
    expect(await form(page).locator('[data-human-check]').textContent()).toBe("I'm not a robot")
    await form(page).getByLabel('E-mail', { exact: true }).focus()
    const notice = form(page).getByText('This site is protected by reCAPTCHA and the Google Privacy Policy and Terms of Service apply.')
    await notice.waitFor()
    expect(await form(page).locator('[data-human-check]').getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('https://policies.google.com/privacy')
    expect(await form(page).locator('[data-human-check]').getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('https://policies.google.com/terms')
    await expect.poll(() => scripts.length).toBe(1)
    expect(new URL(scripts[0]!).searchParams.get('render')).toBe(keys.RECAPTCHA_V3_SITE_KEY)
    expect(await form(page).locator('altcha-widget').count()).toBe(0)
    await signUp(page)
    await created(page)
    expect(versions(sent)).toEqual(['v3'])
    expect(await calls(page)).toEqual([`v3:${keys.RECAPTCHA_V3_SITE_KEY}:register`])
    expect(scripts.every((url) => url.startsWith('https://www.google.com/recaptcha/'))).toBe(true)
    expect(await axeViolations(page)).toEqual([])
    expect(violations).toEqual([])
    await page.context().close()
  })

  it('names the providers in the pages’ CSP only where their keys are set', async () => {
    const policy = async (origin: string) => (await fetch(`${origin}/sign-up`)).headers.get('content-security-policy') ?? ''
    const withKeys = await policy(site.baseUrl)
    expect(withKeys).toMatch(/script-src [^;]*https:\/\/www\.google\.com\/recaptcha\/ https:\/\/www\.gstatic\.com\/recaptcha\//)
    expect(withKeys).toMatch(/frame-src [^;]*https:\/\/recaptcha\.google\.com\/recaptcha\//)
    expect(withKeys).toMatch(/connect-src [^;]*https:\/\/\*\.hcaptcha\.com/)
    const onMirror = await policy(mirror.baseUrl)
    expect(onMirror).toMatch(/script-src [^;]*https:\/\/hcaptcha\.com https:\/\/\*\.hcaptcha\.com/)
    expect(onMirror).not.toContain('recaptcha')
    const withoutKeys = await policy(baseUrl())
    expect(withoutKeys).toContain('script-src')
    expect(withoutKeys).not.toMatch(/recaptcha|hcaptcha/)
  })

  it('goes on to v2 by itself when the v3 score is below the minimum', async () => {
    const { page } = await visit(site, '/sign-up', { v3Score: 0.2 })
    const sent = registers(page)
    await signUp(page)
    await created(page)
    expect(versions(sent)).toEqual(['v3', 'v2'])
    expect(await calls(page)).toEqual([`v3:${keys.RECAPTCHA_V3_SITE_KEY}:register`, `v2:${keys.RECAPTCHA_V2_SITE_KEY}`])
    await page.context().close()
  })

  it('goes on from a failed v2 challenge to hCaptcha', async () => {
    const { page, scripts } = await visit(site, '/sign-up', { v3Score: 0.2, v2: 'error' })
    const sent = registers(page)
    await signUp(page)
    await created(page)
    expect(versions(sent)).toEqual(['v3', 'hcaptcha'])
    expect((await calls(page)).at(-1)).toBe('hcaptcha:h-1:true')
    const hcaptchaScript = new URL(scripts.find((url) => url.startsWith('https://js.hcaptcha.com/'))!)
    expect(Object.fromEntries(hcaptchaScript.searchParams)).toEqual({ render: 'explicit', recaptchacompat: 'off' })
    await page.context().close()
  })

  it('goes to hCaptcha when reCAPTCHA’s script cannot load', async () => {
    const { page } = await visit(site, '/sign-up', { recaptchaScript: 'fail' })
    const sent = registers(page)
    await signUp(page)
    await created(page)
    expect(versions(sent)).toEqual(['hcaptcha'])
    await page.context().close()
  })

  it('ends with "Not verified Captcha" under the check, focused, when hCaptcha has a network error; nothing typed is lost', async () => {
    const { page } = await visit(site, '/sign-up', { recaptchaScript: 'fail', hcaptcha: 'network-error' })
    const sent = registers(page)
    const email = await signUp(page)
    const message = form(page).getByText('Not verified Captcha', { exact: true })
    await message.waitFor()
    await form(page).getByText('This site is protected by hCaptcha and its Privacy Policy and Terms of Service apply.').waitFor()
    expect(await form(page).locator('[data-human-check]').getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('https://www.hcaptcha.com/privacy')
    const focused = await page.evaluate(() => ({ check: document.activeElement?.closest('[data-human-check]') !== null, describedBy: document.activeElement?.getAttribute('aria-describedby') }))
    expect(focused.check).toBe(true)
    expect(await page.locator(`[id="${focused.describedBy}"]`).textContent()).toBe('Not verified Captcha')
    expect(await form(page).getByLabel('E-mail', { exact: true }).inputValue()).toBe(email)
    expect(await form(page).getByLabel('Password', { exact: true }).inputValue()).toBe(password)
    expect(sent).toHaveLength(0)
    expect(await axeViolations(page)).toEqual([])
    await page.context().close()
  })
})

describe('the chain elsewhere', () => {
  it('guards the footer’s newsletter form with v3 and the form’s own action', async () => {
    const { page } = await visit(site, '/')
    const footer = page.locator('footer form[data-newsletter-form="footer"]')
    const sent: Request[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/coms/subscribe/') sent.push(request)
    })
    const email = `e2e-captcha-nl-${randomUUID().slice(0, 8)}@example.com`
    await footer.getByLabel('E-mail', { exact: true }).fill(email)
    await footer.getByText('This site is protected by reCAPTCHA and the Google Privacy Policy and Terms of Service apply.').waitFor()
    await footer.getByRole('button', { name: 'Subscribe' }).click()
    await page.getByRole('dialog', { name: 'Almost done' }).waitFor()
    expect(sent.map((request) => request.postDataJSON())).toEqual([expect.objectContaining({ username: email, version: 'v3' })])
    expect(await calls(page)).toEqual([`v3:${keys.RECAPTCHA_V3_SITE_KEY}:subscribe`])
    await page.context().close()
  })

  it('starts a mirror at hCaptcha: no reCAPTCHA script at all', async () => {
    const { page, scripts } = await visit(mirror, '/sign-up')
    const sent = registers(page)
    await form(page).getByLabel('E-mail', { exact: true }).focus()
    await form(page).getByText('This site is protected by hCaptcha and its Privacy Policy and Terms of Service apply.').waitFor()
    await signUp(page)
    await created(page)
    expect(versions(sent)).toEqual(['hcaptcha'])
    expect(scripts.some((url) => url.includes('google.com'))).toBe(false)
    await page.context().close()
  })

  for (const [locale, lang, dir] of [
    ['de', 'de', 'ltr'],
    ['ar', 'ar', 'rtl'],
  ] as const) {
    it(`/${locale}/sign-up: the notice in the page's language, ${dir}, axe clean`, async () => {
      const { page } = await visit(site, `/${locale}/sign-up`)
      expect(await page.locator('html').getAttribute('lang')).toBe(lang)
      expect(await page.locator('html').getAttribute('dir')).toBe(dir)
      const auth = (JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')) as { Auth: Record<string, string> }).Auth
      await form(page).locator('input').first().focus()
      await form(page).getByText(auth.humanRecaptchaNotice!, { exact: true }).waitFor()
      expect(await form(page).locator('[data-human-check]').getByRole('link', { name: auth.humanPrivacyLink! }).count()).toBe(1)
      expect(await axeViolations(page)).toEqual([])
      await page.context().close()
    })
  }
})
