import { logger } from './lib/log'
import { watchJobRuns } from './services/health/checks'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { postgresAdapter } from '@payloadcms/db-postgres'
import { formBuilderPlugin } from '@payloadcms/plugin-form-builder'
import { nestedDocsPlugin } from '@payloadcms/plugin-nested-docs'
import { redirectsPlugin } from '@payloadcms/plugin-redirects'
import { lexicalEditor } from '@payloadcms/richtext-lexical'
import { buildConfig } from 'payload'
import sharp from 'sharp'
import { isAdmin } from './access'
import { adminsOnlyByDefault } from './access/defaults'
import { Admins } from './collections/Admins'
import { Customers } from './collections/Customers'
import { CustomerSessions } from './collections/CustomerSessions'
import { CustomerTokens } from './collections/CustomerTokens'
import { Authors } from './collections/Authors'
import { AddOns } from './collections/AddOns'
import { BonusCodes } from './collections/BonusCodes'
import { ExperimentEvents } from './collections/ExperimentEvents'
import { Experiments } from './collections/Experiments'
import { GiftCodes } from './collections/GiftCodes'
import { Categories } from './collections/Categories'
import { GlossaryTerms } from './collections/GlossaryTerms'
import { HelpArticles } from './collections/HelpArticles'
import { Media } from './collections/Media'
import { Outbox } from './collections/Outbox'
import { Subscribers } from './collections/Subscribers'
import { announceRouting } from './collections/revalidate'
import { Pages } from './collections/Pages'
import { Posts } from './collections/Posts'
import { IdempotencyKeys } from './collections/IdempotencyKeys'
import { HumanCheckSolutions } from './collections/HumanCheckSolutions'
import { Devices } from './collections/Devices'
import { CodeRedemptions } from './collections/CodeRedemptions'
import { WebhookEvents } from './collections/WebhookEvents'
import { Subscriptions } from './collections/Subscriptions'
import { Orders } from './collections/Orders'
import { PaymentAttempts } from './collections/PaymentAttempts'
import { PricePlans } from './collections/PricePlans'
import { Banners } from './globals/Banners'
import { refreshBannersTask } from './services/content/banner-refresh'
import { Picker } from './globals/Picker'
import { SandboxClock } from './globals/SandboxClock'
import { followClock, loadClock } from './services/payments/sandbox/clock'
import { storagePlugins } from './services/storage/s3'
import { Reviews } from './collections/Reviews'
import { ServerLocations } from './collections/ServerLocations'
import { AppFiles } from './collections/AppFiles'
import { ConnectionTest } from './globals/ConnectionTest'
import { AppReleases } from './collections/AppReleases'
import { Enquiries } from './collections/Enquiries'
import { defaultLocale, locales } from './i18n/locales'
import { prepareDatabase } from './seed/prepare'
import { POOL_CONNECT_TIMEOUT_MS, survivePoolErrors } from './services/db'
import { runEmailQueue } from './services/email/queue'
import { releaseStuckJobs, releaseStuckJobsEvery } from './services/jobs/stuck'
import { EMAIL_QUEUE, sendEmailTask } from './services/email/task'
import { emailAdapter } from './services/email/transport'
import { cancelRenewalsTask } from './services/account/renewal-cancel'
import { deliverWebhookTask, WEBHOOK_QUEUE } from '@/services/payments/sandbox/deliver'
import { MAINTENANCE_QUEUE } from './services/maintenance'
import { dropIdempotencyKeysTask, expireOrdersTask, finishFulfilmentTask, reconcileOrdersTask } from './services/orders/maintenance'
import { purgeDeletedAccountsTask } from './services/account/maintenance'
import { dropCustomerTokensTask } from './services/auth/maintenance'
import { forgetHumanCheckSolutionsTask } from './services/human-check/maintenance'
import { renewSubscriptionsTask } from './services/subscriptions/maintenance'
import { expireConnectionResultsTask, expireConnectionSharesTask } from './services/connection-test/maintenance'
import { importExportPlugin } from '@payloadcms/plugin-import-export'
import { withUnsubscribeLinks } from './services/newsletter/export'

const dirname = path.dirname(fileURLToPath(import.meta.url))

function secret(): string {
  const value = process.env.PAYLOAD_SECRET
  if (value) return value
  // `next build` loads this config without serving anyone; a server must have a real secret.
  if (process.env.NEXT_PHASE === 'phase-production-build' || process.env.PAYLOAD_GENERATING) return 'build-time-placeholder-secret'
  throw new Error('PAYLOAD_SECRET is not set (npm start creates one in .data/ for local use)')
}

/** Jobs run in a serving process, not while building or in a one-off command. */
function jobsRunHere(): boolean {
  return process.env.NEXT_PHASE !== 'phase-production-build' && process.env.PAYLOAD_SKIP_PREPARE !== 'true'
}

const redirectSignal = announceRouting((doc) => [typeof doc.from === 'string' ? doc.from : undefined])

export default adminsOnlyByDefault(buildConfig({
  secret: secret(),
  serverURL: process.env.SITE_URL || undefined,
  routes: { api: '/cms-api', admin: '/admin' },
  graphQL: { disable: true },
  admin: {
    user: Admins.slug,
    // Payload's default avatar comes from Gravatar: a remote image the CSP (and privacy) refuse.
    avatar: 'default',
    meta: { titleSuffix: ' · Veilgate admin' },
    importMap: { baseDir: path.resolve(dirname) },
  },
  globals: [Banners, Picker, SandboxClock, ConnectionTest],
  collections: [Pages, Posts, Categories, Authors, HelpArticles, GlossaryTerms, PricePlans, AddOns, BonusCodes, GiftCodes, Experiments, ExperimentEvents, Orders, PaymentAttempts, IdempotencyKeys, WebhookEvents, Subscriptions, ServerLocations, Reviews, Media, AppFiles, AppReleases, Enquiries, Admins, Customers, CustomerSessions, CustomerTokens, Outbox, Subscribers, HumanCheckSolutions, Devices, CodeRedemptions],
  editor: lexicalEditor(),
  localization: {
    locales: locales.map((l) => ({ code: l.code, label: `${l.label} (${l.englishName})`, rtl: l.dir === 'rtl' })),
    defaultLocale,
    fallback: true,
  },
  db: postgresAdapter({
    // A request waits at most POOL_CONNECT_TIMEOUT_MS for a connection: then 503, not a hang.
    pool: { connectionString: process.env.DATABASE_URL || 'postgres://localhost:5432/veilgate', connectionTimeoutMillis: POOL_CONNECT_TIMEOUT_MS },
    push: false,
    blocksAsJSON: true,
    migrationDir: path.resolve(dirname, 'migrations'),
  }),
  sharp,
  plugins: [
    // Uploads in an S3-compatible bucket when S3_BUCKET is set; else on disk in MEDIA_DIR.
    ...storagePlugins(),
    // Admins export the newsletter's subscribers as CSV (each row with its unsubscribe links); nothing else is exported or imported here.
    importExportPlugin({
      collections: [{ slug: 'subscribers', import: false, export: { format: 'csv', disableJobsQueue: true, disableSave: true, hooks: { before: withUnsubscribeLinks } } }],
      overrideExportCollection: ({ collection }) => ({ ...collection, admin: { ...collection.admin, group: 'System' }, access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin } }),
      overrideImportCollection: ({ collection }) => ({ ...collection, admin: { ...collection.admin, group: 'System', hidden: true }, access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin } }),
    }),
    nestedDocsPlugin({
      collections: ['pages'],
      generateLabel: (_, doc) => String(doc.title ?? ''),
      generateURL: (docs) => String(docs.at(-1)?.path ?? '/'),
    }),
    formBuilderPlugin({
      fields: { payment: false },
      formOverrides: { admin: { group: 'Surveys' }, access: { read: () => true, create: isAdmin, update: isAdmin, delete: isAdmin } },
      // Answers arrive through /api/coms/survey/ (Local API); over /cms-api only admins see or change them.
      formSubmissionOverrides: { admin: { group: 'Surveys' }, access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin } },
    }),
    redirectsPlugin({
      collections: ['pages'],
      redirectTypes: ['301', '302'],
      overrides: {
        admin: { group: 'Content' },
        access: { read: () => true, create: isAdmin, update: isAdmin, delete: isAdmin },
        // The request proxy's route index follows a new or changed redirect at once.
        hooks: { afterChange: [redirectSignal.afterChange], afterDelete: [redirectSignal.afterDelete] },
      },
    }),
  ],
  typescript: { outputFile: path.resolve(dirname, 'payload-types.ts') },
  telemetry: false,
  // JSON lines through the process's one logger: redacted, each with its request's id (scripts/lib/log.mjs).
  logger: logger(),
  email: emailAdapter(),
  onInit: async (payload) => {
    survivePoolErrors(payload, (details, message) => logger().warn(details, message))
    await prepareDatabase(payload)
    // The sandbox clock's offset (src/lib/clock.ts) before anything reads the time.
    await loadClock(payload)
    followClock(payload)
    if (!jobsRunHere() || process.env.JOBS_AUTORUN === 'false') return
    // `/api/health` reports the job runner stuck when no run has ended for 3 minutes.
    watchJobRuns(payload)
    // Jobs a stopped server left processing run again: now, and each minute while this instance runs.
    await releaseStuckJobs(payload)
    releaseStuckJobsEvery(payload)
    // Messages queued before a stop go out now, not at the next minute.
    void runEmailQueue(payload)
  },
  // Runs scheduled publishing (and other queued jobs) every minute inside the server process.
  jobs: {
    tasks: [
      sendEmailTask,
      deliverWebhookTask,
      cancelRenewalsTask,
      // Upkeep on a schedule (queue `maintenance`): each task queues its next run itself.
      expireOrdersTask,
      finishFulfilmentTask,
      reconcileOrdersTask,
      dropIdempotencyKeysTask,
      refreshBannersTask,
      purgeDeletedAccountsTask,
      forgetHumanCheckSolutionsTask,
      dropCustomerTokensTask,
      renewSubscriptionsTask,
      expireConnectionResultsTask,
      expireConnectionSharesTask,
    ],
    // Payload lets any signed-in user run, queue and cancel jobs; here only admins.
    access: { run: isAdmin, queue: isAdmin, cancel: isAdmin },
    autoRun:
      process.env.JOBS_AUTORUN === 'false'
        ? []
        : [
            { cron: '* * * * *', queue: 'default', limit: 20 },
            // Job errors print the job's input (addresses, links): the task logs its own reason.
            { cron: '* * * * *', queue: EMAIL_QUEUE, limit: 50, silent: { error: true } },
            // Sandbox payment events held back (test delays) or waiting for a retry.
            { cron: '* * * * *', queue: WEBHOOK_QUEUE, limit: 50, silent: { error: true } },
            // Each minute: queue the maintenance tasks whose schedule is due, then run what is due.
            { cron: '* * * * *', queue: MAINTENANCE_QUEUE, limit: 20, silent: { error: true } },
          ],
    shouldAutoRun: jobsRunHere,
    // Payload hides its jobs collection; admins (only) see it under System, failed messages included.
    jobsCollectionOverrides: ({ defaultJobsCollection }) => ({
      ...defaultJobsCollection,
      labels: { singular: 'Job', plural: 'Jobs' },
      admin: {
        ...defaultJobsCollection.admin,
        hidden: false,
        group: 'System',
        defaultColumns: ['taskSlug', 'queue', 'waitUntil', 'processing', 'hasError', 'totalTried', 'completedAt', 'createdAt'],
      },
      access: { ...defaultJobsCollection.access, read: isAdmin },
    }),
  },
}))
