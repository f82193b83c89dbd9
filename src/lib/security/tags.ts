// The tags a page may load (a consent manager, the tag manager) and the policy sources they need, only when configured.
import { noThirdParty, type ThirdPartySources } from './headers'

export type TagSettings = { CONSENT_SCRIPT_URL?: string; GTM_ID?: string; DEBUG_LOGGER?: boolean; SENTRY_DSN?: string }

/** Google Tag Manager's script and the hosts its tags talk to (Google's CSP guide for GTM and GA4). */
const GTM = {
  script: ['https://www.googletagmanager.com'],
  img: ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
  connect: ['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'],
}

/** The policy sources the configured tags need: none when nothing is configured, never `'unsafe-inline'`. */
export function tagSources(settings: TagSettings): ThirdPartySources {
  const sources: ThirdPartySources = { script: [], style: [], img: [], connect: [], frame: [] }
  if (settings.CONSENT_SCRIPT_URL) sources.script.push(new URL(settings.CONSENT_SCRIPT_URL).origin)
  if (settings.GTM_ID) {
    sources.script.push(...GTM.script)
    sources.img.push(...GTM.img)
    sources.connect.push(...GTM.connect)
  }
  // Browser error reports go to the DSN's host (its envelope endpoint).
  if (settings.SENTRY_DSN) sources.connect.push(new URL(settings.SENTRY_DSN).origin)
  return sources.script.length || sources.connect.length ? sources : noThirdParty
}

/**
 * What Stripe.js and its Payment Element need (Stripe's CSP guide): its script, its frames
 * (the card fields, 3-D Secure) and its API. Only on checkout, only while Stripe takes cards.
 */
export const stripeSources: ThirdPartySources = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  style: [],
  img: [],
  connect: ['https://api.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
}
export const STRIPE_PAYMENT_ORIGIN = 'https://js.stripe.com'

/** Two sets of sources as one (each source once). */
export function mergeSources(a: ThirdPartySources, b: ThirdPartySources): ThirdPartySources {
  const merged = { ...noThirdParty }
  for (const key of Object.keys(noThirdParty) as (keyof ThirdPartySources)[]) merged[key] = [...new Set([...a[key], ...b[key]])]
  return merged
}

/**
 * The page script `/api/site/tags`: what `/scripts/cookie-notice.js` needs to load the tag manager
 * after "Accept all" (`window.veilgateTags`), and the consent manager's script added to the head
 * at once. Read per process from the environment, so a cached page never carries a stale setting.
 */
export function tagsScript(settings: TagSettings): string {
  const config = { gtm: settings.GTM_ID ?? null, logger: settings.DEBUG_LOGGER === true, sentry: settings.SENTRY_DSN ?? null }
  const lines = ['// Configured tags (GTM_ID, CONSENT_SCRIPT_URL), the debug logger (DEBUG_LOGGER) and browser error reports (SENTRY_DSN); the tag manager loads only after "Accept all".', `window.veilgateTags = ${JSON.stringify(config)}`]
  if (settings.CONSENT_SCRIPT_URL) {
    lines.push(`;(function () { var s = document.createElement('script'); s.async = true; s.src = ${JSON.stringify(settings.CONSENT_SCRIPT_URL)}; document.head.appendChild(s) })()`)
  }
  lines.push(`document.dispatchEvent(new Event('veilgate:tags'))`)
  return `${lines.join('\n')}\n`
}
