import type { Payload } from 'payload'
import { runWebhookQueue, WEBHOOK_QUEUE } from '@/services/payments/sandbox/deliver'
import { query } from '@/services/db'

/**
 * Runs the sandbox's webhook queue until it is empty (other test files queue events in the same
 * database), through the process's one runner: a clock advance or a purchase starts that runner in
 * the background, and a second `payload.jobs.run` beside it could take the same job twice (the
 * event delivered twice, which a loaded machine showed).
 */
export async function drainWebhooks(payload: Payload): Promise<void> {
  for (let round = 0; round < 20; round++) {
    const pending = await query<{ count: string }>(payload, `select count(*) from payload_jobs where queue = $1 and completed_at is null and coalesce(has_error, false) = false`, [WEBHOOK_QUEUE])
    if (Number(pending[0]!.count) === 0) return
    await runWebhookQueue(payload)
  }
}

/** The types of the sandbox's card events queued for order `orderId` and not yet delivered, in queue order. */
export async function queuedCardEvents(payload: Payload, orderId: number): Promise<string[]> {
  const rows = await query<{ event: string }>(
    payload,
    `select input->>'event' as event from payload_jobs where task_slug = 'deliverWebhook' and queue = $1 and completed_at is null and coalesce(input->>'route', 'card') = 'card' order by id`,
    [WEBHOOK_QUEUE],
  )
  return rows
    .map((row) => JSON.parse(row.event) as { type: string; data: { object: { metadata?: { orderId?: string } } } })
    .filter((event) => event.data.object.metadata?.orderId === String(orderId))
    .map((event) => event.type)
}
