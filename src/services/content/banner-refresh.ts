// Refreshing every cached page when a banner window opens or closes (a scheduled task).
import type { Payload } from 'payload'
import { activeKey, type BannerDoc, type BannerName } from '@/lib/banners'
import { query } from '@/services/db'
import { maintenanceTask } from '@/services/maintenance'
import { announceNow } from './changes'
import { revalidateAll } from './revalidate'

/**
 * When the banners showing today differ from those at the last check (a window opened or closed
 * at midnight UTC), every cached page is refreshed once. The check and the update are one
 * compare-and-set in PostgreSQL, so of several instances one refreshes.
 */
export async function refreshBanners(payload: Payload, at: Date): Promise<{ refreshed: number }> {
  const doc = (await payload.findGlobal({ slug: 'banners', depth: 0 })) as unknown as Partial<Record<BannerName, BannerDoc | null>>
  const key = activeKey(doc, at)
  // The global's single row; `is distinct from` also takes the first check, when nothing is stored.
  const changed = await query(payload, 'update banners set active_key = $1 where active_key is distinct from $1 returning id', [key])
  if (!changed.length) return { refreshed: 0 }
  revalidateAll()
  await announceNow(payload, { all: true })
  return { refreshed: 1 }
}

/** Every five minutes: pages follow a window's edge within five minutes of midnight UTC. */
export const refreshBannersTask = maintenanceTask('refreshBanners', 'Refresh pages when a banner window opens or closes', '*/5 * * * *', refreshBanners)
