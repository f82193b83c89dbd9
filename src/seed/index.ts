import type { Payload } from 'payload'
import { defaultLocale, locales, type LocaleCode } from '@/i18n/locales'
import type { FeaturesBlock } from '@/payload-types'
import { bannerNames, specWindows, type BannerName } from '@/lib/banners'
import { now } from '@/lib/clock'
import { redeemCode } from '@/services/account/redeem'
import { createPasswordlessCustomer } from '@/services/auth/accounts'
import { markdownToLexical } from '@/services/content/markdown'
import { addOnSeeds, authorSeeds, categorySeeds, glossarySeeds, morePricePlans, pricePlans, serverLocationSeeds } from './content/catalog'
import bannerSeeds from './content/banners.json'
import { readJsonFolder } from './content/files'
import { homeContent, homeLayout } from './content/home'
import { pickerVariantSeeds } from './content/picker'
import { seedAppReleases } from './content/releases'
import { entryList } from '@/services/connection-test/resolvers'
import { reviewSeeds } from './content/reviews'
import { seedLayout } from './content/transform'

const context = { disableRevalidate: true }

type PageSeed = { path: string; title: string; settings?: Record<string, unknown>; layout?: { blockType: string }[] }
type PostSeed = { slug: string; title: string; excerpt: string; category: string; author: string; publishedAt: string; markdown: string }
type HelpSeed = { path: string; section: string; title: string; summary: string; platform: string | null; protocol: string | null; markdown: string }
/** A post's or help article's text in one locale: `posts/<locale>/<slug>.json`, `help/<locale>/<file>.json`. */
type TranslationSeed = { title: string; excerpt?: string; summary?: string; markdown: string }

/**
 * Seeds a fresh database. Every step checks first, so running it again (on
 * every start, on every instance) changes nothing.
 */
export async function seed(payload: Payload): Promise<void> {
  await seedAdmin(payload)
  await seedHome(payload)
  await seedOnce(payload, 'categories', categorySeeds)
  await seedOnce(payload, 'authors', authorSeeds)
  await seedOnce(payload, 'price-plans', pricePlans)
  await seedMissingPlans(payload)
  await seedMissingAddOns(payload)
  await seedWelcomeCode(payload)
  await seedDemoCustomer(payload)
  await seedReviews(payload)
  await seedPicker(payload)
  await seedBanners(payload)
  await seedConnectionTest(payload)
  await seedOnce(payload, 'server-locations', serverLocationSeeds)
  await seedAppReleases(payload, context)
  await seedOnce(payload, 'glossary-terms', glossarySeeds)
  await seedPosts(payload)
  await seedHelp(payload)
  await seedArticleTranslations(payload)
  await seedPages(payload)
}

async function seedAdmin(payload: Payload) {
  const existing = await payload.count({ collection: 'admins', overrideAccess: true })
  if (existing.totalDocs > 0) return
  const email = process.env.ADMIN_EMAIL || 'admin@veilgate.local'
  const password = process.env.ADMIN_PASSWORD || 'veilgate-admin'
  await payload.create({ collection: 'admins', data: { email, password, name: 'Site admin' }, overrideAccess: true, context })
  payload.logger.info(`Seed: created the first admin user ${email}`)
}

async function seedOnce(payload: Payload, collection: 'categories' | 'authors' | 'price-plans' | 'server-locations' | 'glossary-terms', rows: object[]) {
  if ((await payload.count({ collection })).totalDocs > 0) return
  for (const data of rows) await payload.create({ collection, data: data as never, locale: defaultLocale, context })
  payload.logger.info(`Seed: ${rows.length} ${collection}`)
}

/**
 * Plans added to the catalogue later: each is created where its purchase id is missing, so
 * existing databases get them and an editor's changes to any plan are never overwritten. A trial
 * plan is pointed at the plan it rolls into only when that field is still empty.
 */
async function seedMissingPlans(payload: Payload) {
  const all = await payload.find({ collection: 'price-plans', limit: 1000, pagination: false, depth: 0 })
  const byId = new Map(all.docs.map((plan) => [plan.purchaseId, plan]))
  let created = 0
  for (const { rollsIntoId: _rolls, ...data } of morePricePlans) {
    if (byId.has(data.purchaseId)) continue
    byId.set(data.purchaseId, await payload.create({ collection: 'price-plans', data, locale: defaultLocale, context }))
    created++
  }
  const rolls: [string, string][] = [...morePricePlans.flatMap((plan) => (plan.rollsIntoId ? [[plan.purchaseId, plan.rollsIntoId] as [string, string]] : [])), ['vpn-trial-7d', 'vpn-7d']]
  for (const [trialId, targetId] of rolls) {
    const trial = byId.get(trialId)
    const target = byId.get(targetId)
    if (trial && target && !trial.rollsInto) await payload.update({ collection: 'price-plans', id: trial.id, data: { rollsInto: target.id }, context })
  }
  if (created) payload.logger.info(`Seed: ${created} more price-plans`)
}

/** Add-ons are created where their purchase id is missing; existing rows are left as editors made them. */
async function seedMissingAddOns(payload: Payload) {
  const all = await payload.find({ collection: 'add-ons', limit: 1000, pagination: false, depth: 0, select: { purchaseId: true } })
  const have = new Set(all.docs.map((addOn) => addOn.purchaseId))
  const missing = addOnSeeds.filter((addOn) => !have.has(addOn.purchaseId))
  for (const data of missing) await payload.create({ collection: 'add-ons', data, locale: defaultLocale, context })
  if (missing.length) payload.logger.info(`Seed: ${missing.length} add-ons`)
}

/** Five reviews with their translations, once (an empty collection). */
async function seedReviews(payload: Payload) {
  if ((await payload.count({ collection: 'reviews' })).totalDocs > 0) return
  for (const review of reviewSeeds) {
    const created = await payload.create({
      collection: 'reviews',
      locale: defaultLocale,
      data: { author: review.author, rating: review.rating, date: review.date, text: review.text[defaultLocale]!, published: true },
      context,
    })
    for (const [locale, text] of Object.entries(review.text)) {
      if (locale !== defaultLocale) await payload.update({ collection: 'reviews', id: created.id, locale: locale as LocaleCode, data: { text }, context })
    }
  }
  payload.logger.info(`Seed: ${reviewSeeds.length} reviews`)
}

/** The picker variants b–e, once (while the global has none): which plans each sells and how. */
async function seedPicker(payload: Payload) {
  const current = await payload.findGlobal({ slug: 'picker', depth: 0 })
  if (current.views?.length) return
  const plans = await payload.find({ collection: 'price-plans', limit: 1000, pagination: false, depth: 0, select: { purchaseId: true } })
  const id = (purchaseId: string) => plans.docs.find((plan) => plan.purchaseId === purchaseId)?.id
  const ids = (list: readonly string[]) => list.map(id).filter((value): value is number => typeof value === 'number')
  const views = pickerVariantSeeds.map((row) => ({ view: row.view, cardVariant: row.cardVariant, intro: row.intro, plans: ids(row.plans), defaultPlan: id(row.defaultPlan), emailOptional: 'emailOptional' in row && row.emailOptional === true }))
  await payload.updateGlobal({ slug: 'picker', data: { views }, locale: defaultLocale, context })
  payload.logger.info(`Seed: ${views.length} picker variants`)
}

/** The connection test's settings, once (while the global was never saved): from VPN_EXIT_IPS and VPN_RESOLVERS. */
async function seedConnectionTest(payload: Payload) {
  const current = await payload.findGlobal({ slug: 'connection-test', depth: 0, overrideAccess: true })
  if (current.updatedAt) return
  const lines = (value: string | undefined) => entryList(value).join('\n')
  await payload.updateGlobal({ slug: 'connection-test', data: { exitIps: lines(process.env.VPN_EXIT_IPS), resolvers: lines(process.env.VPN_RESOLVERS) }, overrideAccess: true, context })
}

/** The banners, once (while the global has no window): the spec's windows, their texts in every locale. */
async function seedBanners(payload: Payload) {
  const current = await payload.findGlobal({ slug: 'banners', depth: 0 })
  if (current.rewards?.from) return
  const texts = bannerSeeds.texts as Record<string, Record<BannerName, { text: string; linkLabel: string }>>
  const data = (locale: string) =>
    Object.fromEntries(bannerNames.map((name) => [name, { enabled: true, ...specWindows[name], linkPath: bannerSeeds.links[name], ...texts[locale]![name] }]))
  await payload.updateGlobal({ slug: 'banners', locale: defaultLocale, data: data(defaultLocale), context })
  for (const locale of Object.keys(texts)) {
    if (locale !== defaultLocale) await payload.updateGlobal({ slug: 'banners', locale: locale as LocaleCode, data: data(locale), context })
  }
  payload.logger.info(`Seed: banners in ${Object.keys(texts).length} locales`)
}

/** `WELCOME10`: 10 % off a new customer's first purchase (created once; editors may change or end it). */
async function seedWelcomeCode(payload: Payload) {
  const found = await payload.count({ collection: 'bonus-codes', where: { code: { equals: 'WELCOME10' } }, overrideAccess: true })
  if (found.totalDocs) return
  await payload.create({ collection: 'bonus-codes', data: { code: 'WELCOME10', effect: 'percent', value: 10, newCustomersOnly: true, active: true }, overrideAccess: true, context })
  payload.logger.info('Seed: bonus code WELCOME10')
}

/**
 * A demo customer (`demo@veilgate.local`), so admins meet a filled account in Customers: a
 * 1-year VPN subscription with 5 extra device slots, given by a redeemed gift code, and two
 * devices. Made once; it has no password anyone knows, so nobody signs in as it.
 * `SEED_DEMO_CUSTOMER=false` leaves it out.
 */
async function seedDemoCustomer(payload: Payload) {
  if (process.env.SEED_DEMO_CUSTOMER === 'false') return
  const email = 'demo@veilgate.local'
  if ((await payload.count({ collection: 'customers', where: { email: { equals: email } }, overrideAccess: true })).totalDocs) return
  const plan = (await payload.find({ collection: 'price-plans', where: { purchaseId: { equals: 'vpn-1y' } }, limit: 1, depth: 0 })).docs[0]
  const slots = (await payload.find({ collection: 'add-ons', where: { purchaseId: { equals: 'slots-5-1y' } }, limit: 1, depth: 0 })).docs[0]
  if (!plan || !slots) return
  const customer = await createPasswordlessCustomer(payload, { email, source: 'admin' })
  const gift = await payload.create({ collection: 'gift-codes', data: { plan: plan.id, addOns: [slots.id], origin: 'promotion' }, overrideAccess: true, context })
  await redeemCode(payload, customer, gift.code!, now())
  const at = now().toISOString()
  for (const device of [
    { name: 'Work laptop', platform: 'windows' as const },
    { name: 'Phone', platform: 'android' as const },
  ]) {
    await payload.create({ collection: 'devices', data: { customer: customer.id, ...device, addedAt: at, lastSeenAt: at }, overrideAccess: true, context })
  }
  payload.logger.info(`Seed: demo customer ${email} with a subscription and two devices`)
}

async function existing(payload: Payload, collection: 'pages' | 'posts' | 'help-articles', field: 'path' | 'slug') {
  const result = await payload.find({ collection, limit: 10_000, pagination: false, depth: 0, draft: true, select: { [field]: true } })
  return new Set(result.docs.map((doc) => (doc as unknown as Record<string, string>)[field]))
}

async function seedHome(payload: Payload) {
  if ((await existing(payload, 'pages', 'path')).has('/')) return
  const english = homeContent[defaultLocale]!
  const page = await payload.create({
    collection: 'pages',
    locale: defaultLocale,
    data: { path: '/', title: english.title, settings: english.settings, layout: homeLayout(english), _status: 'published' as const },
    context,
  })
  for (const [code, content] of Object.entries(homeContent) as [LocaleCode, typeof english][]) {
    if (code === defaultLocale) continue
    await payload.update({
      collection: 'pages',
      id: page.id,
      locale: code,
      data: { title: content.title, settings: content.settings, layout: homeLayout(content) as FeaturesBlock[] as never, _status: 'published' as const },
      context,
    })
  }
  payload.logger.info('Seed: created the home page')
}

async function seedPages(payload: Payload) {
  const have = await existing(payload, 'pages', 'path')
  const pages = readJsonFolder<PageSeed>('pages').filter(({ data }) => !have.has(data.path))
  for (const { name, data } of pages) {
    const created = await payload.create({
      collection: 'pages',
      locale: defaultLocale,
      data: { path: data.path, title: data.title, settings: data.settings, layout: seedLayout(data.layout) as never, _status: 'published' as const },
      context,
    })
    // Translations sit in pages/<locale>/<same file name>.json.
    for (const locale of translationLocales()) {
      const translated = readJsonFolder<PageSeed>(`pages/${locale}`).find((file) => file.name === name)
      if (!translated) continue
      await payload.update({
        collection: 'pages',
        id: created.id,
        locale,
        data: { title: translated.data.title, settings: translated.data.settings, layout: seedLayout(translated.data.layout) as never, _status: 'published' as const },
        context,
      })
    }
  }
  if (pages.length) payload.logger.info(`Seed: ${pages.length} pages`)
}

/** Seed translations exist for the main locales. */
function translationLocales(): LocaleCode[] {
  return locales.filter((l) => l.main && l.code !== defaultLocale).map((l) => l.code)
}

async function seedPosts(payload: Payload) {
  const have = await existing(payload, 'posts', 'slug')
  const posts = readJsonFolder<PostSeed>('posts').filter(({ data }) => !have.has(data.slug))
  if (!posts.length) return
  const ids = async (collection: 'categories' | 'authors') =>
    new Map((await payload.find({ collection, limit: 100, pagination: false, depth: 0 })).docs.map((doc) => [doc.slug, doc.id]))
  const categories = await ids('categories')
  const authors = await ids('authors')
  for (const { data } of posts) {
    await payload.create({
      collection: 'posts',
      locale: defaultLocale,
      data: {
        slug: data.slug,
        title: data.title,
        excerpt: data.excerpt,
        publishedAt: data.publishedAt,
        category: categories.get(data.category),
        author: authors.get(data.author),
        body: markdownToLexical(data.markdown) as never,
        _status: 'published' as const,
      },
      context,
    })
  }
  payload.logger.info(`Seed: ${posts.length} blog posts`)
}

async function seedHelp(payload: Payload) {
  const have = await existing(payload, 'help-articles', 'path')
  const articles = readJsonFolder<HelpSeed>('help').filter(({ data }) => !have.has(data.path))
  for (const { data } of articles) {
    await payload.create({
      collection: 'help-articles',
      locale: defaultLocale,
      data: {
        path: data.path,
        section: data.section as never,
        title: data.title,
        summary: data.summary,
        platform: (data.platform ?? undefined) as never,
        protocol: (data.protocol ?? undefined) as never,
        body: markdownToLexical(data.markdown) as never,
      },
      context,
    })
  }
  if (articles.length) payload.logger.info(`Seed: ${articles.length} help articles`)
}

/**
 * Seeded translations of posts and help articles, for each document that has no text of its own in
 * that locale yet (so also for documents seeded before the translation was written). An editor's
 * translation is never overwritten: a locale with its own title is left alone.
 */
async function seedArticleTranslations(payload: Payload) {
  const helpPaths = new Map(readJsonFolder<HelpSeed>('help').map(({ name, data }) => [name, data.path]))
  let added = 0
  for (const locale of translationLocales()) {
    const targets = [
      ...readJsonFolder<TranslationSeed>(`posts/${locale}`).map(({ name, data }) => ({ collection: 'posts' as const, where: { slug: { equals: name } }, data })),
      ...readJsonFolder<TranslationSeed>(`help/${locale}`).flatMap(({ name, data }) => {
        const path = helpPaths.get(name)
        return path ? [{ collection: 'help-articles' as const, where: { path: { equals: path } }, data }] : []
      }),
    ]
    for (const { collection, where, data } of targets) {
      const found = await payload.find({ collection, where, locale, depth: 0, limit: 1, pagination: false, draft: true })
      const doc = found.docs[0] as { id: number; translatedLocales?: unknown } | undefined
      if (!doc || (Array.isArray(doc.translatedLocales) && doc.translatedLocales.includes(locale))) continue
      const body = markdownToLexical(data.markdown) as never
      if (collection === 'posts')
        await payload.update({ collection, id: doc.id, locale, data: { title: data.title, excerpt: data.excerpt, body, _status: 'published' as const }, context })
      else await payload.update({ collection, id: doc.id, locale, data: { title: data.title, summary: data.summary, body }, context })
      added += 1
    }
  }
  if (added) payload.logger.info(`Seed: ${added} post and help article translations`)
}
