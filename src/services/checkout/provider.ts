import type { PaymentMethod } from '@/services/catalog/methods'
import type { DeclineCode } from './cards'
import { readToken } from './sandbox'

/** What a provider answers about one payment (COMMERCE-NOTES §5). */
export type PaymentResult = {
  status: 'succeeded' | 'processing' | 'requires_action' | 'failed' | 'canceled'
  providerRef: string
  nextAction?: { type: 'redirect'; url: string }
  error?: { code: DeclineCode | 'AUTHENTICATION_FAILURE'; providerCode: string; retryable: boolean }
  card?: { brand: string; last4: string }
  /** Sandbox 3-D Secure: what completing the challenge leads to (`succeed` or `CODE:providerCode`). */
  authOutcome?: string
}

export type CreatePayment = {
  orderId: number
  attempt: number
  amount: number
  method: PaymentMethod
  cardToken: string
  /** Derived from our ids (`order:{id}:attempt:{n}`), never random. */
  idempotencyKey: string
  now: Date
}

export interface PaymentProvider {
  id: 'sandbox' | 'stripe'
  methods: readonly PaymentMethod[]
  supportsRecurring: boolean
  createPayment(input: CreatePayment): Promise<PaymentResult>
}

/** Which declines a new attempt may fix: all but a lost or stolen card. */
export const retryableDecline = (code: string) => code !== 'LOST_CARD' && code !== 'STOLEN_CARD'

/** The offline card processor (behaves like Stripe's test mode, see `cards.ts`). */
export function sandboxProvider(secret: string): PaymentProvider {
  return {
    id: 'sandbox',
    methods: ['card'],
    supportsRecurring: true,
    async createPayment(input) {
      const providerRef = `sbx_${input.orderId}_${input.attempt}`
      const card = readToken(secret, input.cardToken, input.now)
      if (!card) return { status: 'failed', providerRef, error: { code: 'PROCESSING_ERROR', providerCode: 'token_invalid', retryable: true } }
      const details = { brand: card.brand, last4: card.last4 }
      const behaviour = card.behaviour
      if (behaviour.kind === 'decline') {
        return { status: 'failed', providerRef, card: details, error: { code: behaviour.code, providerCode: behaviour.providerCode, retryable: retryableDecline(behaviour.code) } }
      }
      if (behaviour.kind === 'three-d-secure') {
        const authOutcome = behaviour.after ? `${behaviour.after.code}:${behaviour.after.providerCode}` : 'succeed'
        return { status: 'requires_action', providerRef, card: details, nextAction: { type: 'redirect', url: `/sandbox/3ds/${providerRef}` }, authOutcome }
      }
      return { status: 'succeeded', providerRef, card: details }
    },
  }
}
