// Checkout for extras (`?attachTo=`): the choice the account's dialog put in the URL.
import type { ExtrasRefusal } from '@/services/orders/extras'
import { trafficTiers } from '@/services/purchase-flow/selection'

/** Why a subscription takes no extras now, as the account's dialog and checkout tell it (Checkout messages). */
export const extrasReasonKey = { ended: 'extrasEnded', trial: 'extrasTrial', renewing: 'extrasRenewing', 'not-available': 'extrasNotAvailable', owned: 'extrasOwned' } as const satisfies Record<ExtrasRefusal, string>

export type ExtrasChoice = { attachTo: number; slots: number; server: string | null; region: string | null; ipRegion: string | null }

const location = /^[a-z]{2}-[a-z0-9]+(?:-[a-z0-9]+)*$/

/** `?attachTo=` with slots (1, 5, 10) and a server (tier and `region`) or a static IP (`ipRegion`); null without a valid `attachTo`. */
export function extrasChoice(params: URLSearchParams): ExtrasChoice | null {
  const id = params.get('attachTo') ?? ''
  if (!/^[1-9]\d{0,9}$/.test(id)) return null
  const slots = Number(params.get('slots'))
  const server = params.get('server')
  const region = params.get('region')
  const ipRegion = params.get('ipRegion')
  const withServer = Boolean(server && (trafficTiers as readonly string[]).includes(server) && region && location.test(region))
  return {
    attachTo: Number(id),
    slots: [1, 5, 10].includes(slots) ? slots : 0,
    server: withServer ? server : null,
    region: withServer ? region : null,
    ipRegion: !withServer && ipRegion && location.test(ipRegion) ? ipRegion : null,
  }
}

/** The choice as the purchase and `check-upgrade-possibility/` take it. */
export function attachParams(choice: ExtrasChoice): Record<string, string | number> {
  return {
    ...(choice.slots ? { slots: choice.slots } : {}),
    ...(choice.server && choice.region ? { server: choice.server, region: choice.region } : {}),
    ...(choice.ipRegion ? { ipRegion: choice.ipRegion } : {}),
  }
}
