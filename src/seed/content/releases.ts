// The first app releases: a current release of each product for Windows, macOS and Linux, each with
// a small placeholder file (so the SHA-256 shown is that of what the site serves), and the VPN's
// store-only platforms with their store links from the static table.
import type { Payload } from 'payload'
import { appPlatforms, appReleases, type AppPlatform } from '@/services/downloads/apps'
import { productNames, type AppProduct } from '@/services/downloads/releases'

type DesktopSeed = { product: AppProduct; platform: 'windows' | 'mac' | 'linux'; version: string; releaseDate: string; minOs: string; changelog: string }

const desktop: DesktopSeed[] = [
  { product: 'vpn', platform: 'windows', version: '5.4.2', releaseDate: '2026-11-10', minOs: 'Windows 10, 11', changelog: 'Faster reconnection after sleep; the kill switch now covers IPv6.' },
  { product: 'vpn', platform: 'mac', version: '5.4.1', releaseDate: '2026-11-03', minOs: 'macOS 12+', changelog: 'WireGuard by default on new installations; menu bar fixes.' },
  {
    product: 'vpn',
    platform: 'linux',
    version: '2.9.0',
    releaseDate: '2026-10-21',
    minOs: 'Ubuntu 22.04+, Debian 12+, Fedora 39+',
    changelog: 'Split tunnelling by application; a systemd service for start at boot.',
  },
  { product: 'passwarden', platform: 'windows', version: '3.2.0', releaseDate: '2026-10-30', minOs: 'Windows 10, 11', changelog: 'Passkeys sync between devices; faster vault unlock.' },
  { product: 'passwarden', platform: 'mac', version: '3.2.0', releaseDate: '2026-10-30', minOs: 'macOS 12+', changelog: 'Passkeys sync between devices; Touch ID unlock.' },
  { product: 'passwarden', platform: 'linux', version: '3.1.4', releaseDate: '2026-09-18', minOs: 'Ubuntu 22.04+, Debian 12+, Fedora 39+', changelog: 'Browser extension pairing fixes.' },
  { product: 'firewall', platform: 'windows', version: '1.8.0', releaseDate: '2026-11-05', minOs: 'Windows 10, 11', changelog: 'DNS over HTTPS by default; per-network filtering rules.' },
  { product: 'firewall', platform: 'mac', version: '1.8.0', releaseDate: '2026-11-05', minOs: 'macOS 12+', changelog: 'DNS over HTTPS by default; per-network filtering rules.' },
  { product: 'firewall', platform: 'linux', version: '1.7.2', releaseDate: '2026-09-25', minOs: 'Ubuntu 22.04+, Debian 12+, Fedora 39+', changelog: 'Lower memory use; resolver fallback fixes.' },
]

const storeVersions: Partial<Record<AppPlatform, string>> = { ios: '5.3.0', android: '5.3.2', 'android-tv': '5.3.2', 'fire-tv': '5.3.2', 'apple-tv': '2.1.0' }

/** The placeholder's text: what it is and how to replace it. */
export const placeholderText = (seed: Pick<DesktopSeed, 'product' | 'platform' | 'version'>) =>
  `${productNames[seed.product]} ${seed.version} for ${appReleases[seed.platform].name}\n\nThis file stands in for the installer on a demo site. Replace it in the admin: Downloads → App releases.\n`

/** Runs once: only while no release exists (an editor's releases are never touched). */
export async function seedAppReleases(payload: Payload, context: Record<string, unknown>): Promise<void> {
  if ((await payload.count({ collection: 'app-releases', overrideAccess: true })).totalDocs > 0) return
  for (const seed of desktop) {
    const data = Buffer.from(placeholderText(seed), 'utf8')
    const file = await payload.create({
      collection: 'app-files',
      data: {},
      file: { data, mimetype: 'text/plain', name: `veilgate-${seed.product}-${seed.version}-${seed.platform}.txt`, size: data.length },
      overrideAccess: true,
      // A context of its own: the S3 adapter keeps the upload's file in it, and a shared one would hand the next file the first's.
      context: { ...context },
    })
    await payload.create({
      collection: 'app-releases',
      data: { product: seed.product, platform: seed.platform, version: seed.version, releaseDate: seed.releaseDate, minOs: seed.minOs, changelog: seed.changelog, file: file.id, current: true },
      overrideAccess: true,
      context,
    })
  }
  const storeOnly = appPlatforms.filter((platform) => !appReleases[platform].download)
  for (const platform of storeOnly) {
    const release = appReleases[platform]
    await payload.create({
      collection: 'app-releases',
      data: { product: 'vpn', platform, version: storeVersions[platform] ?? '5.3.0', releaseDate: '2026-10-15', minOs: release.requirement, storeUrl: release.href, current: true },
      overrideAccess: true,
      context,
    })
  }
  payload.logger.info(`Seed: ${desktop.length + storeOnly.length} app releases with ${desktop.length} placeholder files`)
}
