import { amazonReturn } from '../amazon-return'
import { otherMethods } from '@/lib/http'

export const runtime = 'nodejs'

/** Amazon Pay's browser return, by any method: ?token={attempt} → 303 where the order goes next (`amazon-return.ts`). */
export const GET = amazonReturn
export const POST = amazonReturn
export const PUT = amazonReturn
export const PATCH = amazonReturn
export const DELETE = amazonReturn

export const { OPTIONS } = otherMethods('GET', 'POST', 'PUT', 'PATCH', 'DELETE')
