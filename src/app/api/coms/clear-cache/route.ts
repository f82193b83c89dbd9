import { clearCacheRoute } from '@/app/api/clear-cache-route'

/** Admins only: drops every rendered page; the next visit renders afresh. */
export const GET = clearCacheRoute
