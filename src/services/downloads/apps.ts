// The apps offered for download per platform, with their requirements and links.
/** Where each Veilgate app comes from; the downloads grid renders these. */
export const appPlatforms = [
  'windows',
  'mac',
  'linux',
  'ios',
  'android',
  'chrome',
  'firefox',
  'opera',
  'edge',
  'apple-tv',
  'android-tv',
  'fire-tv',
  'windows-phone',
] as const
export type AppPlatform = (typeof appPlatforms)[number]

export type AppRelease = {
  platform: AppPlatform
  name: string
  /** Shown as the requirement line. */
  requirement: string
  /** Store or download address; internal paths get the locale prefix. */
  href: string
  /** A direct download (desktop) rather than a store page. */
  download: boolean
  version?: string
}

export const appReleases: Record<AppPlatform, AppRelease> = {
  windows: { platform: 'windows', name: 'Windows', requirement: 'Windows 10, 11', href: '/download-success?app=windows', download: true, version: '5.4.2' },
  mac: { platform: 'mac', name: 'macOS', requirement: 'macOS 12+', href: '/download-success?app=mac', download: true, version: '5.4.1' },
  linux: { platform: 'linux', name: 'Linux', requirement: 'Ubuntu, Debian, Fedora', href: '/download-success?app=linux', download: true, version: '2.9.0' },
  ios: { platform: 'ios', name: 'iOS', requirement: 'iOS 15+', href: 'https://apps.apple.com/app/veilgate-vpn', download: false },
  android: { platform: 'android', name: 'Android', requirement: 'Android 8+', href: 'https://play.google.com/store/apps/details?id=com.veilgate.vpn', download: false },
  chrome: { platform: 'chrome', name: 'Chrome', requirement: 'Chrome 110+', href: 'https://chromewebstore.google.com/detail/veilgate-vpn', download: false },
  firefox: { platform: 'firefox', name: 'Firefox', requirement: 'Firefox 115+', href: 'https://addons.mozilla.org/firefox/addon/veilgate-vpn/', download: false },
  opera: { platform: 'opera', name: 'Opera', requirement: 'Opera 100+', href: 'https://addons.opera.com/extensions/details/veilgate-vpn/', download: false },
  edge: { platform: 'edge', name: 'Edge', requirement: 'Edge 110+', href: 'https://microsoftedge.microsoft.com/addons/detail/veilgate-vpn', download: false },
  'apple-tv': { platform: 'apple-tv', name: 'Apple TV', requirement: 'tvOS 17+', href: 'https://apps.apple.com/app/veilgate-vpn', download: false },
  'android-tv': { platform: 'android-tv', name: 'Android TV', requirement: 'Android TV 9+', href: 'https://play.google.com/store/apps/details?id=com.veilgate.vpn', download: false },
  'fire-tv': { platform: 'fire-tv', name: 'Amazon Fire TV', requirement: 'Fire OS 7+', href: 'https://www.amazon.com/dp/veilgate-vpn', download: false },
  'windows-phone': { platform: 'windows-phone', name: 'Windows Phone', requirement: 'IKEv2 manual set-up', href: '/help/manuals/IKEv2/windows', download: false },
}
