// Orders a payment left open (a server that died mid-charge, a lost answer, an event that never
// came) asked about again: each provider says what became of the payment and the order follows.
import type { Payload } from 'payload'
import { env } from '@/lib/env'
import { errorMessage } from '@/lib/http'
import { query } from '@/services/db'
import { applyResult } from '@/services/payments/outcome'
import { failedWith, type PaymentResult } from '@/services/payments/provider'
import { providerById } from '@/services/payments/registry'
import { reportSandboxOutcome } from '@/services/payments/sandbox/deliver'
import type { PaymentMethod } from '@/services/catalog/methods'
import { latestAttempt, transition } from './orders'
import type { OrderStatus } from './states'

/** The statuses of an order whose payment is still open: the ones reconciliation asks about. */
export const reconcilable = ['processing', 'requires_action', 'awaiting_provider'] as const satisfies readonly OrderStatus[]

/** What reconciliation does with one open order. Pure. */
export type ReconcileStep =
  /** The charge never reached a provider (no attempt written): the order fails, retryable. */
  | { kind: 'fail'; reason: 'no-attempt' }
  /** Ask the attempt's provider, by its reference (`pending_{key}`: by our key). */
  | { kind: 'ask'; ref: string }
  /** Its provider is not configured on this instance: left for one that has it. */
  | { kind: 'skip' }

export function reconcileStep(attempt: { provider: string; providerRef: string } | null, providerKnown: boolean): ReconcileStep {
  if (!attempt) return { kind: 'fail', reason: 'no-attempt' }
  if (!providerKnown) return { kind: 'skip' }
  return { kind: 'ask', ref: attempt.providerRef.slice(attempt.provider.length + 1) }
}

/**
 * The provider's answer as reconciliation applies it. Pure. A payment still unknown to the
 * provider after the wait (asked by our key, it answers "processing" under that same pending
 * reference) was never made: failed with `processing_error`, which the buyer may retry.
 */
export function reconciledResult(asked: string, result: PaymentResult): PaymentResult {
  if (asked.startsWith('pending_') && result.status === 'processing' && result.providerRef === asked) return failedWith(asked, 'processing_error')
  return result
}

export type ReconcileCounts = { asked: number; settled: number; failed: number; unchanged: number; unreachable: number }

/**
 * One pass: orders in `processing`, `requires_action` or `awaiting_provider` whose row has not
 * changed for `ORDER_RECONCILE_AFTER` seconds (database time, as the rows are written) ask their
 * latest attempt's provider and follow its answer through `applyResult()`, compare-and-set from
 * the status read, as an event would: a payment made → paid and fulfilled; declined → failed; one
 * the provider never saw → failed `PROCESSING_ERROR`, retryable (the buyer's retry pays the same
 * order; a renewal's retry schedule takes it). A provider that cannot be reached leaves the order
 * for the next pass; one whose answer changed nothing is asked again after another wait. Counts
 * only are logged.
 */
export async function reconcileOrders(payload: Payload, at: Date, afterSeconds = env().ORDER_RECONCILE_AFTER): Promise<ReconcileCounts> {
  const open = await query<{ id: number; status: OrderStatus; public_hash: string; locale: string; method: PaymentMethod }>(
    payload,
    `select id, status::text as status, public_hash, locale, method::text as method from orders
      where status::text = any($1::text[]) and updated_at < now() - make_interval(secs => $2) order by id limit 100`,
    [reconcilable, afterSeconds],
  )
  const counts: ReconcileCounts = { asked: 0, settled: 0, failed: 0, unchanged: 0, unreachable: 0 }
  for (const row of open) {
    const order = { id: row.id, publicHash: row.public_hash, locale: row.locale }
    const attempt = await latestAttempt(payload, row.id)
    const provider = attempt ? providerById(payload, attempt.provider) : null
    const step = reconcileStep(attempt, provider !== null)
    if (step.kind === 'skip') continue
    if (step.kind === 'fail') {
      // The server stopped between moving the order to processing and writing its attempt.
      const failure = { code: 'PROCESSING_ERROR', providerCode: 'processing_error', message: await errorMessage('PROCESSING_ERROR', row.locale), retryable: true }
      if (row.status === 'processing' && (await transition(payload, row.id, ['processing'], 'failed', { failure }))) counts.failed++
      else counts.unchanged++
      continue
    }
    counts.asked++
    let result: PaymentResult
    try {
      result = reconciledResult(step.ref, await provider!.retrieve(step.ref))
    } catch {
      counts.unreachable++
      continue
    }
    const answer = await applyResult(payload, order, attempt!, result, [row.status], at)
    // The sandbox's event for what its ledger holds (a pending reference: it holds nothing), which the
    // stopped request may never have queued; sent twice, it is one event.
    if (provider!.id === 'sandbox' && !result.providerRef.startsWith('pending_')) {
      await reportSandboxOutcome(payload, { providerRef: result.providerRef, status: result.status, method: row.method, amount: attempt!.amount, orderId: row.id, hash: row.public_hash, attempt: attempt!.number, at })
    }
    // Asked and still as it was: touched, so it is asked again only after another wait.
    const [after] = await query<{ status: OrderStatus }>(
      payload,
      `update orders set updated_at = case when status::text = $2 then now() else updated_at end where id = $1 returning status::text as status`,
      [row.id, row.status],
    )
    if (after?.status === 'paid' && answer.status === 200) counts.settled++
    else if (after?.status === 'failed') counts.failed++
    else counts.unchanged++
  }
  return counts
}
