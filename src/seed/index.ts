import type { Payload } from 'payload'
import { defaultLocale, type LocaleCode } from '@/i18n/locales'
import { homeContent, homeLayout } from './content/home'

const context = { disableRevalidate: true }

/**
 * Seeds a fresh database. Every step checks first, so running it again (on
 * every start, on every instance) changes nothing.
 */
export async function seed(payload: Payload): Promise<void> {
  await seedAdmin(payload)
  await seedHome(payload)
}

async function seedAdmin(payload: Payload) {
  const existing = await payload.count({ collection: 'admins', overrideAccess: true })
  if (existing.totalDocs > 0) return
  const email = process.env.ADMIN_EMAIL || 'admin@veilgate.local'
  const password = process.env.ADMIN_PASSWORD || 'veilgate-admin'
  await payload.create({ collection: 'admins', data: { email, password, name: 'Site admin' }, overrideAccess: true, context })
  payload.logger.info(`Seed: created the first admin user ${email}`)
}

async function seedHome(payload: Payload) {
  const found = await payload.find({ collection: 'pages', where: { path: { equals: '/' } }, limit: 1, depth: 0, overrideAccess: true })
  if (found.docs.length > 0) return
  const english = homeContent[defaultLocale]!
  const page = await payload.create({
    collection: 'pages',
    locale: defaultLocale,
    data: { path: '/', title: english.title, settings: english.settings, layout: homeLayout(english) },
    overrideAccess: true,
    context,
  })
  for (const [code, content] of Object.entries(homeContent) as [LocaleCode, typeof english][]) {
    if (code === defaultLocale) continue
    await payload.update({
      collection: 'pages',
      id: page.id,
      locale: code,
      data: { title: content.title, settings: content.settings, layout: homeLayout(content) },
      overrideAccess: true,
      context,
    })
  }
  payload.logger.info('Seed: created the home page')
}
