import path from 'node:path'
import { withPayload } from '@payloadcms/next/withPayload'
import createNextIntlPlugin from 'next-intl/plugin'
import type { NextConfig } from 'next'
import { API_POLICY, securityHeaders } from './src/lib/security/headers'

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts')
// Next compiles this file to CommonJS (its folder in `__dirname`); elsewhere it runs from the project folder.
const projectDir = typeof __dirname === 'string' ? __dirname : process.cwd()

const nextConfig: NextConfig = {
  // The spec's endpoints end in a slash (`/api/coms/site/`); keep both forms reachable.
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
  // Rendered pages kept by our handler: in Redis with REDIS_URL (one render for every instance), else
  // in memory; every instance drops what a content-change signal names (scripts/lib/render-cache.mjs).
  cacheHandler: path.join(projectDir, 'scripts', 'lib', 'render-cache-handler.mjs'),
  cacheMaxMemorySize: 0,
  // scripts/server.mjs compresses, after it has read each cached page's HTML for its CSP hashes.
  compress: false,
  // The test suite's build (scripts/lib/build.mjs, `forTests`): `tsc --noEmit` has just passed, so
  // Next's second TypeScript pass is skipped; `npm start` and `npm run build` keep it.
  typescript: { ignoreBuildErrors: process.env.VEILGATE_BUILD_SKIP_TYPECHECK === '1' },
  experimental: {
    // Turbopack's build cache speeds up rebuilds; a fresh clone's test build has none to read and skips writing one.
    turbopackFileSystemCacheForBuild: process.env.VEILGATE_BUILD_NO_CACHE !== '1',
    // One full-document 404 for the whole site (several root layouts; the proxy routes missing pages to it).
    globalNotFound: true,
    // Integrity hashes on Next's own script files.
    sri: { algorithm: 'sha256' },
  },
  images: {
    localPatterns: [{ pathname: '/cms-api/media/file/**' }, { pathname: '/images/**' }],
  },
  // Every answer: the shared security headers (src/lib/security/headers.ts); API answers also
  // their own CSP. Pages get theirs from the proxy and the server.
  async headers() {
    const https = (process.env.SITE_URL ?? '').startsWith('https:')
    const api = [{ key: 'Content-Security-Policy', value: API_POLICY }]
    return [
      { source: '/:path*', headers: securityHeaders({ https }) },
      { source: '/api/:path*', headers: api },
      { source: '/cms-api/:path*', headers: api },
    ]
  },
}

const withCms = withPayload(withNextIntl(nextConfig), { devBundleServerPackages: false })
const cmsHeaders = withCms.headers

/** The client hints Payload asks of every path for its admin theme (and the `Vary` that goes with them). */
const isAdminHint = ({ key, value }: { key: string; value: string }) =>
  ['accept-ch', 'critical-ch'].includes(key.toLowerCase()) || (key.toLowerCase() === 'vary' && /^sec-ch-prefers-color-scheme$/i.test(value.trim()))

/**
 * Payload's `withPayload` asks for `Sec-CH-Prefers-Color-Scheme` with `Critical-CH` on every path.
 * Chrome then restarts a visitor's first navigation to the site to send the hint (a round trip
 * before any HTML: Lighthouse counts it as a redirect of about 600 ms on mobile), and public pages
 * would vary by a hint they never read. Only the admin, whose theme follows it, asks for it.
 */
export default {
  ...withCms,
  async headers() {
    const rules = (await cmsHeaders?.()) ?? []
    return rules.flatMap((rule) => {
      const hints = rule.headers.filter(isAdminHint)
      if (hints.length === 0) return [rule]
      const rest = rule.headers.filter((header) => !isAdminHint(header))
      return [...(rest.length > 0 ? [{ ...rule, headers: rest }] : []), { ...rule, source: '/admin/:path*', headers: hints }]
    })
  },
} satisfies NextConfig
