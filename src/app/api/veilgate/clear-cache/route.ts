import { clearCacheRoute } from '@/app/api/clear-cache-route'

/** Admins only: the same as `/api/coms/clear-cache/` (spec section 7's `{provider}/clear-cache/`). */
export const GET = clearCacheRoute
