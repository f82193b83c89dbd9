// Refreshing the rendered copies of content paths after an edit.
import { revalidatePath } from 'next/cache'
import { localeCodes } from '@/i18n/locales'
import { internalPath } from '@/i18n/routing'

/**
 * Drops the rendered copies of one content path in every locale. Outside a
 * Next request (seed scripts, tests) there is no cache to drop.
 */
export function revalidateContentPath(path: string): void {
  for (const code of localeCodes) {
    const target = internalPath(code, path)
    try {
      revalidatePath(target)
    } catch {
      return
    }
  }
}

/** Drops every rendered page (the admin-only clear-cache endpoint, catalogue changes). */
export function revalidateAll(): void {
  try {
    revalidatePath('/', 'layout')
  } catch {
    // Outside a Next request there is no cache.
  }
}
