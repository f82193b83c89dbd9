import { withPayload } from '@payloadcms/next/withPayload'
import createNextIntlPlugin from 'next-intl/plugin'
import type { NextConfig } from 'next'

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts')

const nextConfig: NextConfig = {
  // The spec's endpoints end in a slash (`/api/coms/site/`); keep both forms reachable.
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
  // One full-document 404 for the whole site (several root layouts; the proxy routes missing pages to it).
  experimental: { globalNotFound: true },
  images: {
    localPatterns: [{ pathname: '/cms-api/media/file/**' }, { pathname: '/images/**' }],
  },
}

export default withPayload(withNextIntl(nextConfig), { devBundleServerPackages: false })
