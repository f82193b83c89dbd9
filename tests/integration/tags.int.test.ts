// Tags, privacy first: the page policy names tag origins only when they are configured, and the tags script says what is configured.
import { afterEach, describe, expect, it } from 'vitest'
import { GET as tagsRoute } from '@/app/api/site/tags/route'
import { resetEnv } from '@/lib/env'
import { pagePolicy } from '@/lib/security/headers'
import { mergeSources, tagSources } from '@/lib/security/tags'
import { connectionTestSources } from '@/services/connection-test/csp'

const saved = { GTM_ID: process.env.GTM_ID, CONSENT_SCRIPT_URL: process.env.CONSENT_SCRIPT_URL, DEBUG_LOGGER: process.env.DEBUG_LOGGER, SENTRY_DSN: process.env.SENTRY_DSN }
function setEnv(values: Record<string, string | undefined>) {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete (process.env as Record<string, string | undefined>)[key]
    else (process.env as Record<string, string>)[key] = value
  }
  resetEnv()
}
afterEach(() => setEnv(saved))

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `)) ?? ''
const policyFor = (settings: Parameters<typeof tagSources>[0]) => pagePolicy({ dev: false, https: true, thirdParty: mergeSources(connectionTestSources('https://veilgate.example'), tagSources(settings)) })

describe('tags and the page policy', () => {
  it('names no other host when nothing is configured', async () => {
    const policy = policyFor({})
    expect(policy).not.toMatch(/googletagmanager|google-analytics|consent/)
    expect(directive(policy, 'script-src')).toMatch(/^script-src 'self' '?[\w-]+/)
    expect(directive(policy, 'script-src')).not.toContain('https://')
    setEnv({ GTM_ID: undefined, CONSENT_SCRIPT_URL: undefined, DEBUG_LOGGER: undefined, SENTRY_DSN: undefined })
    const script = await (await tagsRoute()).text()
    expect(script).toContain('window.veilgateTags = {"gtm":null,"logger":false,"sentry":null}')
    expect(script).not.toContain('createElement')
  })

  it('names the consent script’s origin and the tag manager’s hosts only when set, never unsafe-inline', async () => {
    const consentOnly = policyFor({ CONSENT_SCRIPT_URL: 'https://cmp.example.net/v2/loader.js?site=1' })
    expect(directive(consentOnly, 'script-src')).toContain('https://cmp.example.net')
    expect(consentOnly).not.toContain('googletagmanager')
    const both = policyFor({ CONSENT_SCRIPT_URL: 'https://cmp.example.net/loader.js', GTM_ID: 'GTM-AB12CD3' })
    expect(directive(both, 'script-src')).toContain('https://www.googletagmanager.com')
    expect(directive(both, 'img-src')).toContain('https://*.google-analytics.com')
    expect(directive(both, 'connect-src')).toContain('https://*.analytics.google.com')
    // The connection test's sources stay.
    expect(directive(both, 'connect-src')).toContain('https://*.')
    expect(directive(both, 'script-src')).not.toContain('unsafe-inline')

    setEnv({ GTM_ID: 'GTM-AB12CD3', CONSENT_SCRIPT_URL: 'https://cmp.example.net/loader.js' })
    const response = await tagsRoute()
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    const script = await response.text()
    expect(script).toContain('window.veilgateTags = {"gtm":"GTM-AB12CD3","logger":false,"sentry":null}')
    expect(script).toContain('"https://cmp.example.net/loader.js"')
  })

  it('tells every page to open the debug logger when DEBUG_LOGGER=true, and no page otherwise', async () => {
    setEnv({ DEBUG_LOGGER: 'true' })
    expect(await (await tagsRoute()).text()).toContain('window.veilgateTags = {"gtm":null,"logger":true,"sentry":null}')
    for (const value of ['false', '']) {
      setEnv({ DEBUG_LOGGER: value })
      expect(await (await tagsRoute()).text()).toContain('"logger":false')
    }
  })

  it('names the error reports’ host in connect-src only when SENTRY_DSN is set, and tells the pages its DSN', async () => {
    expect(directive(policyFor({}), 'connect-src')).not.toContain('reports.example.net')
    const policy = policyFor({ SENTRY_DSN: 'https://0123abcd@reports.example.net/42' })
    expect(directive(policy, 'connect-src')).toContain('https://reports.example.net')
    expect(directive(policy, 'script-src')).not.toContain('reports.example.net')
    setEnv({ SENTRY_DSN: 'https://0123abcd@reports.example.net/42' })
    expect(await (await tagsRoute()).text()).toContain('"sentry":"https://0123abcd@reports.example.net/42"')
  })

  it('refuses settings that are not what they should be', () => {
    for (const [key, value] of [
      ['GTM_ID', 'UA-12345'],
      ['GTM_ID', 'GTM-<script>'],
      ['CONSENT_SCRIPT_URL', 'http://cmp.example.net/loader.js'],
      ['CONSENT_SCRIPT_URL', 'javascript:alert(1)'],
      ['DEBUG_LOGGER', 'yes'],
      ['SENTRY_DSN', 'http://0123abcd@reports.example.net/42'],
      ['SENTRY_DSN', 'not a url'],
    ] as const) {
      // Each setting alone, so the error is its own.
      setEnv({ GTM_ID: undefined, CONSENT_SCRIPT_URL: undefined, DEBUG_LOGGER: undefined, SENTRY_DSN: undefined, [key]: value })
      expect(() => tagsRoute(), `${key}=${value}`).toThrow()
    }
  })
})
