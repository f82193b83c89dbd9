// What the connection test's page must be allowed to reach: the single-stack origins and any name
// in the test zone (the DNS probes), on every site page (the block may sit on any page).
import { connectionSettings } from '../../../scripts/lib/connection-settings.mjs'
import { noThirdParty, type ThirdPartySources } from '@/lib/security/headers'

/** `connect-src` sources: the IPv4 and IPv6 origins when set, and `<scheme>://*.<zone>:*` for the site's scheme. */
export function connectionTestSources(siteUrl: string, env: Record<string, string | undefined> = process.env): ThirdPartySources {
  const settings = connectionSettings(env)
  const scheme = new URL(siteUrl).protocol
  const connect = [settings.ipv4Origin, settings.ipv6Origin, `${scheme}//*.${settings.zone}:*`].filter((source): source is string => Boolean(source))
  return { ...noThirdParty, connect }
}
