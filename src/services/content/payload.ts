// The Local API instance for pages and routes: the one place services' callers load the config.
import config from '@payload-config'
import { getPayload, type Payload } from 'payload'

/** The Local API: pages render in-process, with no HTTP hop. */
export function payloadClient(): Promise<Payload> {
  return getPayload({ config })
}
