// `npm run email:sample -- <template> <locale> <to>`: queues one sample message with made-up
// variables and runs the `email` queue, so anyone can see each template (in the outbox, or at
// the SMTP server when SMTP_URL is set). Works whether or not the site is running.
import configPromise from '@payload-config'
import { getPayload } from 'payload'
import { isLocaleCode } from '@/i18n/locales'
import { migrateDatabase } from '@/seed/prepare'
import { emailQueueIdle, runEmailQueue } from '@/services/email/queue'
import { sendEmail } from '@/services/email/send'
import { isTemplateName, templateNames, type TemplateData, type TemplateName } from '@/services/email/templates'
import { realMs, realNow } from './lib/clock.mjs'

const samples: { [K in TemplateName]: TemplateData[K] } = {
  'confirm-address': { url: '/confirm-email?token=sample-confirm-token' },
  'fast-login': { url: '/sign-in/fast?token=sample-fast-login-token', code: '482913', minutes: 15 },
  'password-reset': { url: '/reset-password?token=sample-reset-token', minutes: 60 },
  'lockout-notice': { url: '/forgot-password', until: new Date(realMs() + 30 * 60_000) },
  'password-changed': { at: realNow(), url: '/forgot-password' },
  'email-change-notice': { newEmail: 'new.address@example.com', at: realNow(), url: '/my-account/settings' },
  receipt: { plan: 'VPN, 1 year', addOns: ['5 device slots'], total: '$101.87', card: { brand: 'Visa', last4: '4242' }, renewal: { at: new Date(realMs() + 365 * 86_400_000), price: '$101.87' }, url: '/payment-success?hash=sample' },
  'newsletter-confirm': { url: '/newsletter/confirm?token=sample', days: 7 },
  'payment-action-required': { plan: 'VPN, 1 month', amount: '$12.99', method: 'card', card: { brand: 'Visa', last4: '3184' }, url: 'https://invoice.stripe.com/i/acct_sample/in_sample' },
  'payment-failed': { plan: 'VPN, 1 month', amount: '$12.99', method: 'card', card: { brand: 'Visa', last4: '0341' }, url: '/order/checkout?hash=sample', retryAt: new Date(realMs() + 86_400_000) },
  'renewal-reminder': { plan: 'VPN, 1 year', amount: '$99.00', date: new Date(realMs() + 7 * 86_400_000), method: 'card', card: { brand: 'Visa', last4: '4242' }, url: '/my-account' },
  'trial-ending': { plan: 'VPN, 1 week', amount: '$4.99', date: new Date(realMs() + 2 * 86_400_000), method: 'card', card: null, url: '/my-account' },
  'plan-ending': { plan: 'VPN, 1 month', date: new Date(realMs() + 7 * 86_400_000), url: '/order/checkout?plan=vpn-1m' },
  'referral-reward': { days: 30, plan: 'VPN, 1 year', date: new Date(realMs() + 395 * 86_400_000), url: '/my-account' },
  'refund-issued': { plan: 'VPN, 1 year', amount: '$99.00', method: 'Visa •••• 4242', url: '/my-account/orders' },
  'oem-request-received': { url: '/extras/vpn-for-business' },
  'config-request-received': { platform: 'Linux', protocol: 'WireGuard', url: '/help/manuals' },
}

const [template = '', locale = '', to = ''] = process.argv.slice(2)
if (!isTemplateName(template) || !isLocaleCode(locale) || !to) {
  console.error(`usage: npm run email:sample -- <template> <locale> <to>\n  templates: ${templateNames.join(', ')}\n  locales: en, de, ar, … (the 32 site locales)`)
  process.exit(2)
}

const payload = await getPayload({ config: configPromise })
let code = 0
try {
  await migrateDatabase(payload)
  const { jobId } = await sendEmail({ template, to, locale, data: samples[template] as never }, { payload })
  // The running site's own runner may take the job first: wait for it to finish either way.
  // Without SMTP the outbox row is the proof the message exists; a job that is gone without
  // one is waited for a little longer, then reported, never taken for success.
  const smtp = Boolean(process.env.SMTP_URL)
  let stored: { id: number; subject: string } | undefined
  let left: { totalTried?: number | null } | undefined
  for (let attempt = 0; attempt < 120; attempt++) {
    await runEmailQueue(payload)
    await emailQueueIdle()
    stored = (await payload.find({ collection: 'outbox', where: { jobId: { equals: jobId } }, limit: 1, overrideAccess: true })).docs[0]
    left = (await payload.find({ collection: 'payload-jobs', where: { id: { equals: jobId } }, limit: 1, overrideAccess: true })).docs[0]
    if (stored || (!left && smtp)) break
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  if (stored) console.log(`[email] ${template} (${locale}) stored in the outbox as #${stored.id}: "${stored.subject}"`)
  else if (left) {
    console.error(`[email] job ${jobId} is not done yet (tried ${left.totalTried ?? 0} times); the site's runner retries it`)
    code = 1
  } else if (smtp) console.log(`[email] ${template} (${locale}) sent over SMTP (job ${jobId})`)
  else {
    console.error(`[email] job ${jobId} finished but left nothing in the outbox`)
    code = 1
  }
} catch (error) {
  console.error(`[email] ${error instanceof Error ? error.message : String(error)}`)
  code = 1
}
await payload.destroy()
process.exit(code)
