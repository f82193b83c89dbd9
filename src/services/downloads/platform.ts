// The download platforms and the one a visitor's browser suggests.
/** Download platforms in the order the spec lists them; the first is the fallback. */
export const downloadPlatforms = ['ios', 'android', 'mac', 'windows', 'linux'] as const
export type DownloadPlatform = (typeof downloadPlatforms)[number]

/** Picks the visitor's platform from a User-Agent string. */
export function platformFromUserAgent(userAgent: string | null | undefined): DownloadPlatform {
  const ua = userAgent ?? ''
  if (/iPhone|iPad|iPod/i.test(ua)) return 'ios'
  if (/Android/i.test(ua)) return 'android'
  if (/Macintosh|Mac OS X/i.test(ua)) return 'mac'
  if (/Windows/i.test(ua)) return 'windows'
  if (/Linux|X11|CrOS/i.test(ua)) return 'linux'
  return downloadPlatforms[0]
}

/** Paths that answer 302 to their platform sub-path (spec section 2). */
export const platformRedirectPaths = ['/downloads', '/help/manuals/IKEv2', '/help/manuals/open-vpn', '/help/manuals/wireguard']
