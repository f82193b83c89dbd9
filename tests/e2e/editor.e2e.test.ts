import sharp from 'sharp'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baseUrl, connectBrowser, newPage } from './browser'
import { adminCredentials } from './admin'

let token = ''
let browser: Browser

async function cms(path: string, init: RequestInit = {}) {
  const response = await fetch(`${baseUrl()}/cms-api${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `JWT ${token}` } : {}), ...init.headers },
  })
  const body = await response.json()
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`)
  return body
}

async function createPage(path: string, title: string) {
  return cms('/pages', {
    method: 'POST',
    body: JSON.stringify({
      path,
      title,
      _status: 'published',
      layout: [{ blockType: 'hero', heading: title, primaryLabel: 'Choose your plan', primaryHref: '/order/pickup' }],
    }),
  })
}

beforeAll(async () => {
  const login = await cms('/admins/login', {
    method: 'POST',
    body: JSON.stringify(adminCredentials()),
  })
  token = login.token
  browser = await connectBrowser()
  // The other routes below (thank_you, palianytsia, team-lifetime, seven-days-trial) come with the seed content.
  const pages: [string, string][] = [
    ['/landings/spring-sale', 'Spring sale'],
    ['/my-account', 'My account'],
  ]
  for (const [path, title] of pages) await createPage(path, title)
})

afterAll(async () => {
  await browser?.close()
})

describe('pages created in the admin', () => {
  it('is refused without signing in', async () => {
    const response = await fetch(`${baseUrl()}/cms-api/pages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/x', title: 'x' }),
    })
    expect(response.status).toBe(403)
  })

  it('appear at once, in every locale, with the layout the route allows', async () => {
    const page = await newPage(browser, { viewport: { width: 1280, height: 900 } })

    await page.goto('/landings/spring-sale')
    expect(await page.locator('h1').textContent()).toBe('Spring sale')
    expect(await page.locator('header nav[aria-label="Main navigation"]').count()).toBe(0)
    expect(await page.locator('footer').count()).toBe(0)
    expect(await page.locator('header').getByRole('link', { name: 'Get Started' }).isVisible()).toBe(true)

    await page.goto('/de/thank_you')
    expect(await page.locator('html').getAttribute('lang')).toBe('de')
    expect(await page.locator('[data-fallback-alert]').count()).toBe(1)
    // The logo does not link home on thank_you.
    expect(await page.locator('header a[href="/de"]').count()).toBe(0)
    expect(await page.locator('footer').count()).toBe(0)

    // Visiting /de/… stored German as the visitor's language; /en/… switches back to English.
    // (The account page sends a visitor without a session on to sign-in: its served HTML is read.)
    const accountHtml = await (await page.request.get('/en/my-account')).text()
    expect(accountHtml).toMatch(/<header[\s\S]*href="\/my-account"[\s\S]*<\/header>/)

    await page.goto('/palianytsia')
    expect(await page.locator('header button[aria-controls]').filter({ hasText: 'en' }).count()).toBe(0)
    expect(await page.locator('footer').count()).toBe(1)

    await page.goto('/ua/team-lifetime')
    expect(await page.locator('header').count()).toBe(0)

    await page.goto('/seven-days-trial')
    expect(await page.locator('nav[aria-label="Veilgate apps for every platform"]').count()).toBe(0)
  })

  it('shows an edit on the next visit and disappears when deleted', async () => {
    const created = await createPage('/landings/autumn', 'Autumn offer')
    expect(await (await fetch(`${baseUrl()}/landings/autumn`)).text()).toContain('Autumn offer')
    await cms(`/pages/${created.doc.id}?locale=de`, {
      method: 'PATCH',
      body: JSON.stringify({ title: 'Herbstangebot', layout: [{ blockType: 'hero', heading: 'Herbstangebot' }] }),
    })
    const german = await (await fetch(`${baseUrl()}/de/landings/autumn`)).text()
    expect(german).toContain('Herbstangebot')
    expect(german).not.toContain('data-fallback-alert')
    await cms(`/pages/${created.doc.id}`, { method: 'DELETE' })
    expect((await fetch(`${baseUrl()}/landings/autumn`)).status).toBe(404)
  })

  it('drops a deleted post from its page and from the blog listing at once', async () => {
    const title = `Deleted soon ${Date.now()}`
    const slug = `deleted-soon-${Date.now()}`
    const created = await cms('/posts', { method: 'POST', body: JSON.stringify({ title, slug, publishedAt: new Date().toISOString(), _status: 'published' }) })
    expect(await (await fetch(`${baseUrl()}/blog`)).text()).toContain(title)
    expect((await fetch(`${baseUrl()}/blog/${slug}`)).status).toBe(200)
    await cms(`/posts/${created.doc.id}`, { method: 'DELETE' })
    expect(await (await fetch(`${baseUrl()}/blog`)).text()).not.toContain(title)
    expect(await (await fetch(`${baseUrl()}/de/blog`)).text()).not.toContain(title)
    expect((await fetch(`${baseUrl()}/blog/${slug}`)).status).toBe(404)
  })

  it('keeps drafts off the site and shows them to signed-in editors in preview', async () => {
    const draft = await cms('/pages', {
      method: 'POST',
      body: JSON.stringify({ path: '/landings/next-season', title: 'Next season', _status: 'draft', layout: [{ blockType: 'hero', heading: 'Coming soon' }] }),
    })
    expect((await fetch(`${baseUrl()}/landings/next-season`)).status).toBe(404)
    expect((await fetch(`${baseUrl()}/api/preview?path=/landings/next-season`, { redirect: 'manual' })).status).toBe(401)

    const page = await newPage(browser)
    const login = await page.request.post('/cms-api/admins/login', { data: adminCredentials() })
    expect(login.ok()).toBe(true)
    await page.goto('/api/preview?path=/landings/next-season&locale=de')
    expect(new URL(page.url()).pathname).toBe('/de/landings/next-season')
    expect(await page.locator('h1').textContent()).toBe('Coming soon')
    await cms(`/pages/${draft.doc.id}`, { method: 'DELETE' })
  })

  it('follows redirects set up in the admin, keeping the locale', async () => {
    await cms('/redirects', { method: 'POST', body: JSON.stringify({ from: '/old-static-ip', to: { type: 'custom', url: '/extras/personal-static-ip' }, type: '301' }) })
    const response = await fetch(`${baseUrl()}/de/old-static-ip`, { redirect: 'manual' })
    expect(response.status).toBe(301)
    expect(new URL(response.headers.get('location')!, baseUrl()).pathname).toBe('/de/extras/personal-static-ip')
  })

  it('shows uploaded images lazily, with the webp rendition, vertical when taller than wide', async () => {
    const png = await sharp({ create: { width: 300, height: 600, channels: 3, background: '#4338ca' } }).png().toBuffer()
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'tall-test.png')
    form.append('_payload', JSON.stringify({ description: 'A tall test image' }))
    const upload = await fetch(`${baseUrl()}/cms-api/media`, { method: 'POST', headers: { authorization: `JWT ${token}` }, body: form })
    expect(upload.status).toBe(201)
    const media = (await upload.json()).doc
    expect(media).toMatchObject({ width: 300, height: 600 })
    expect(media.sizes.webp.url).toMatch(/\.webp$/)
    await createPage('/landings/image-check', 'Image check')
    const pageDoc = await cms('/pages?where[path][equals]=/landings/image-check')
    await cms(`/pages/${pageDoc.docs[0].id}`, {
      method: 'PATCH',
      body: JSON.stringify({ layout: [{ blockType: 'hero', heading: 'Image check' }, { blockType: 'image', image: media.id, caption: 'Portrait' }] }),
    })
    const page = await newPage(browser, { viewport: { width: 1280, height: 900 } })
    await page.goto('/landings/image-check')
    const image = page.locator('main img[alt="A tall test image"]')
    await page.locator('html[data-hydrated]').waitFor()
    expect(await image.getAttribute('loading')).toBe('lazy')
    expect(await image.getAttribute('data-orientation')).toBe('vertical')
    await image.scrollIntoViewIfNeeded()
    await expect.poll(() => image.getAttribute('data-state')).toBe('loaded')
    expect(await page.locator('main picture source[type="image/webp"]').count()).toBe(1)
  })
})
