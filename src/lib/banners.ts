/** Promotional banners (spec sections 2, 4 and 9): windows are inclusive UTC days, from the `banners` global. */
export const bannerNames = ['rewards', 'rewardsMini', 'coin', 'coinMini'] as const

export type BannerName = (typeof bannerNames)[number]

/** One banner's switch and window: `YYYY-MM-DD` days in UTC, both included. */
export type BannerWindow = { enabled?: boolean | null; from?: string | null; to?: string | null }

/** One banner as the `banners` global stores it (texts in the locale read). */
export type BannerDoc = BannerWindow & { text?: string | null; linkLabel?: string | null; linkPath?: string | null }

/** The spec's windows (section 9), what a new site is seeded with. */
export const specWindows: Record<BannerName, { from: string; to: string }> = {
  rewards: { from: '2025-07-09', to: '2025-12-31' },
  rewardsMini: { from: '2025-07-09', to: '2025-12-31' },
  coin: { from: '2025-05-14', to: '2025-10-30' },
  coinMini: { from: '2025-05-14', to: '2025-10-30' },
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/

/** A calendar day written `YYYY-MM-DD` that exists (no 2025-02-30). */
export function isDay(value: unknown): value is string {
  if (typeof value !== 'string' || !dayPattern.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/** Whether a banner is switched on and its window contains `date`'s UTC day; a window without both days shows nothing. */
export function bannerActive(window: BannerWindow | null | undefined, date: Date): boolean {
  if (!window?.enabled || !isDay(window.from) || !isDay(window.to)) return false
  const day = date.toISOString().slice(0, 10)
  return day >= window.from && day <= window.to
}

/** The banners showing on `date`, as one key ("rewards,rewardsMini"): it changes exactly when a window's edge is crossed. */
export function activeKey(windows: Partial<Record<BannerName, BannerWindow | null>>, date: Date): string {
  return bannerNames.filter((name) => bannerActive(windows[name], date)).join(',')
}
