// The Local API instance for pages and routes: the one place services' callers load the config.
import config from '@payload-config'
import { getPayload, type Payload } from 'payload'

/** The Local API: pages render in-process, with no HTTP hop. */
export function payloadClient(): Promise<Payload> {
  return getPayload({ config })
}

/**
 * The serving process's Payload, with the job runner's minute crons started (Payload starts them
 * only when asked, as its admin and REST routes do): without this, a server that only public
 * visitors reach sends no queued message and charges no renewal until an editor opens the admin.
 */
export function payloadServer(): Promise<Payload> {
  return getPayload({ config, cron: true })
}
