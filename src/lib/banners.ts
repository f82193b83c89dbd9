/** Promotional banner windows (spec sections 4 and 9), inclusive, in UTC. */
export const bannerWindows = {
  coin: { from: '2025-05-14', to: '2025-10-30' },
  rewards: { from: '2025-07-09', to: '2025-12-31' },
} as const

export type BannerName = keyof typeof bannerWindows

/** Whether a banner's window contains `date` (the server date). */
export function bannerActive(name: BannerName, date: Date): boolean {
  const { from, to } = bannerWindows[name]
  const day = date.toISOString().slice(0, 10)
  return day >= from && day <= to
}
