// The subscribers' CSV export (admin → Subscribers → Export): each row with its unsubscribe links.
import type { ExportBeforeHook } from '@payloadcms/plugin-import-export/types'
import { localizePath } from '@/i18n/paths'
import { env } from '@/lib/env'
import { unsubscribeToken } from './subscribers'

/**
 * Adds two columns to every exported subscriber: `unsubscribeUrl`, the page in the subscriber's
 * language, for the mailing tool's footer link, and `oneClickUnsubscribeUrl`, for its
 * `List-Unsubscribe` header (RFC 8058).
 */
export const withUnsubscribeLinks: ExportBeforeHook = ({ data, originalData, req }) =>
  data.map((row, index) => {
    const doc = originalData[index] as { id?: number | string; locale?: string } | undefined
    const id = Number(doc?.id ?? row.id)
    if (!Number.isInteger(id)) return row
    const token = encodeURIComponent(unsubscribeToken(req.payload, id))
    const site = env().SITE_URL
    return {
      ...row,
      unsubscribeUrl: new URL(`${localizePath(String(doc?.locale ?? row.locale ?? 'en'), '/blog-unsubscribe')}?token=${token}`, site).toString(),
      oneClickUnsubscribeUrl: new URL(`/api/coms/unsubscribe/?token=${token}`, site).toString(),
    }
  })
