// The secret the sandbox signs its payment events with (shared by the provider and the sender).
import { createHmac } from 'node:crypto'
import type { Payload } from 'payload'
import { env } from '@/lib/env'

/** SANDBOX_WEBHOOK_SECRET, else one derived from the site's secret. */
export const sandboxWebhookSecret = (payload: Payload) => env().SANDBOX_WEBHOOK_SECRET ?? createHmac('sha256', payload.secret).update('sandbox-webhook-secret').digest('hex')
