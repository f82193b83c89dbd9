import { clearCacheRoute } from '@/app/api/clear-cache-route'
import { otherMethods } from '@/lib/http'

/** Admins only: drops every rendered page; the next visit renders afresh. */
export const GET = clearCacheRoute

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET')
