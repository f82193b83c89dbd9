import { clearCacheRoute } from '@/app/api/clear-cache-route'
import { otherMethods } from '@/lib/http'

/** Admins only: the same as `/api/coms/clear-cache/` (spec section 7's `{provider}/clear-cache/`). */
export const GET = clearCacheRoute

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET')
