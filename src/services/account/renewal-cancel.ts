// After an account is deleted: the job that tells each payment provider to stop charging its saved cards.
import type { Payload, PayloadRequest, TaskConfig } from 'payload'
import { now } from '@/lib/clock'
import { providerById } from '@/services/payments/registry'
import { query } from '@/services/db'
import { backgroundRunner } from '@/services/queue-runner'

export const CANCEL_RENEWALS_TASK = 'cancelRenewals'

/**
 * Task `cancelRenewals`: after a deleted account's transaction commits, tells each provider not
 * to charge the saved cards again (`PaymentProvider.cancelRenewal`), and marks each paying attempt
 * `savedCardRevokedAt` once done, so a retry skips what went through. A provider that fails or is
 * not configured here throws: the job is retried with backoff and stays visible to admins.
 */
export const cancelRenewalsTask: TaskConfig<{ input: { refs: string[] }; output: { revoked: number } }> = {
  slug: CANCEL_RENEWALS_TASK,
  label: 'Stop renewals at the payment provider',
  retries: { attempts: 8, backoff: { type: 'exponential', delay: 5_000 } },
  inputSchema: [{ name: 'refs', type: 'json', required: true }],
  outputSchema: [{ name: 'revoked', type: 'number' }],
  handler: async ({ input, req }) => {
    let revoked = 0
    for (const ref of Array.isArray(input.refs) ? input.refs : []) {
      const [providerId = '', ...rest] = String(ref).split(':')
      const reference = rest.join(':')
      const [attempt] = await query<{ id: number; saved_card_revoked_at: Date | null }>(req.payload, `select id, saved_card_revoked_at from payment_attempts where provider_ref = $1`, [ref])
      if (attempt?.saved_card_revoked_at) continue
      const provider = providerById(req.payload, providerId)
      if (!provider) throw new Error(`payment provider ${providerId} is not configured here`)
      await provider.cancelRenewal(reference)
      await query(req.payload, `update payment_attempts set saved_card_revoked_at = $2 where provider_ref = $1 and saved_card_revoked_at is null`, [ref, now().toISOString()])
      revoked++
    }
    return { output: { revoked } }
  },
}

/** Queues the provider calls inside the caller's transaction: they run only once it commits. */
export async function queueRenewalCancel(payload: Payload, refs: string[], req: Partial<PayloadRequest>): Promise<void> {
  if (!refs.length) return
  await payload.jobs.queue({ task: CANCEL_RENEWALS_TASK, input: { refs }, req: req as PayloadRequest })
}

const runner = backgroundRunner('default', 'default')

/** Starts the default queue soon after the caller commits (the minute runner picks up the rest). */
export function kickRenewalCancel(payload: Payload): void {
  if (process.env.JOBS_AUTORUN === 'false') return
  setTimeout(() => void runner.run(payload), 500).unref()
}
