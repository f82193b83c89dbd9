// Marking an order paid, then fulfilling it: the one caller of fulfilment after a payment.
import type { Payload } from 'payload'
import { fulfil } from './fulfil'
import { transition } from './orders'
import { settleable } from './states'

/**
 * The shared settle: the only code that marks an order paid, and the one place fulfilment starts
 * (once, for the call that won the compare-and-set). Idempotent: false when already paid or gone
 * elsewhere. A fulfilment that fails is logged and finished by the sweeper; the buyer has paid.
 */
export async function settle(payload: Payload, orderId: number, at: Date): Promise<boolean> {
  const won = await transition(payload, orderId, settleable, 'paid', { paidAt: at, failure: null })
  if (won) {
    await fulfil(payload, orderId, at).catch((error: unknown) =>
      payload.logger.error({ msg: 'fulfilment failed, the sweeper retries it', order: orderId, reason: error instanceof Error ? error.message : String(error) }),
    )
  }
  return won
}
