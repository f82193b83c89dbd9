import { draftMode } from 'next/headers'
import { NextResponse } from 'next/server'
import { z } from 'zod'
import { defaultLocale, isLocaleCode } from '@/i18n/locales'
import { localizePath } from '@/i18n/paths'
import { handler, otherMethods, queryOf } from '@/lib/http'
import { requireAdmin } from '@/services/auth/admin'
import { payloadClient } from '@/services/content/payload'

// A site path only (no `//host`), so the redirect cannot leave the site.
const query = z.object({ path: z.string().min(1).max(500).regex(/^\/(?!\/)/), locale: z.string().max(5).optional() })

/**
 * Admin previews (and live preview): a signed-in editor gets Next's draft
 * mode, so the page shows its latest saved version instead of the published one.
 */
export const GET = handler(async (request) => {
  await requireAdmin(await payloadClient(), request.headers)
  const { path, locale } = query.parse(queryOf(request))
  ;(await draftMode()).enable()
  return NextResponse.redirect(new URL(localizePath(isLocaleCode(locale) ? locale : defaultLocale, path), request.url), 307)
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET')
