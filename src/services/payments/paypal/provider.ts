// PayPal behind the `PaymentProvider` interface, through PayPal's REST API (Orders v2, the vault, webhook verification).
import {
  ApiError,
  CheckoutPaymentIntent,
  PaypalExperienceUserAction,
  PaypalPaymentTokenUsageType,
  PaypalWalletContextShippingPreference,
  StoreInVaultInstruction,
  type Order as PaypalOrder,
  type OrderRequest,
} from '@paypal/paypal-server-sdk'
import { failedWith, type CreatePayment, type PaymentProvider, type PaymentResult } from '@/services/payments/provider'
import { PAYPAL_ROUTE } from './events'
import type { PaypalApi } from './client'
import { logger } from '@/lib/log'

/** Our locales in PayPal's `locale` (its pages' language); PayPal chooses for the others. */
const paypalLocales: Record<string, string> = {
  en: 'en-US', de: 'de-DE', fr: 'fr-FR', es: 'es-ES', nl: 'nl-NL', pl: 'pl-PL', pt: 'pt-PT', ru: 'ru-RU', jp: 'ja-JP', zh: 'zh-CN', ko: 'ko-KR',
  da: 'da-DK', fi: 'fi-FI', no: 'no-NO', sv: 'sv-SE', cs: 'cs-CZ', sk: 'sk-SK', el: 'el-GR',
}
export const paypalLocale = (locale: string) => paypalLocales[locale]

/** Where PayPal sends the buyer back: the PayPal route, which captures (PayPal adds `token` and `PayerID`), or, cancelled, says so. */
export const paypalReturnUrls = (siteUrl: string) => ({ returnUrl: new URL(PAYPAL_ROUTE, siteUrl).toString(), cancelUrl: new URL(`${PAYPAL_ROUTE}?cancel=1`, siteUrl).toString() })

const amountOf = (cents: number) => ({ currencyCode: 'USD', value: (cents / 100).toFixed(2) })

/**
 * The order PayPal is asked to make (pure, for tests): capture at once, one purchase unit with our
 * amount, our attempt key as `custom_id` and the order hash as `invoice_id`; paid by the buyer on
 * PayPal's page (experience context: our brand, their language, Pay Now, no shipping, our return
 * and cancel URLs), the payer kept in PayPal's vault for renewals when the order renews; or a
 * renewal, charged to that vault id without the buyer.
 */
export function orderRequest(input: CreatePayment, siteUrl: string): OrderRequest {
  const purchaseUnits = [{ amount: amountOf(input.amount), customId: input.idempotencyKey, invoiceId: input.hash }]
  if (input.savedMethod) return { intent: CheckoutPaymentIntent.Capture, purchaseUnits, paymentSource: { paypal: { vaultId: input.savedMethod } } }
  const locale = paypalLocale(input.locale)
  return {
    intent: CheckoutPaymentIntent.Capture,
    purchaseUnits,
    paymentSource: {
      paypal: {
        experienceContext: {
          brandName: 'Veilgate',
          ...(locale ? { locale } : {}),
          ...paypalReturnUrls(siteUrl),
          userAction: PaypalExperienceUserAction.PayNow,
          shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
        },
        ...(input.recurring ? { attributes: { vault: { storeInVault: StoreInVaultInstruction.OnSuccess, usageType: PaypalPaymentTokenUsageType.Merchant } } } : {}),
      },
    },
  }
}

/**
 * The `PayPal-Request-Id` of an order (PayPal answers a repeated id with the first answer): a
 * buyer's attempt its attempt key; a renewal charged to the vault the period it pays for,
 * `sub:{id}:period:{n}`, and each retry of that period its own (`…:retry:{k}`), since a repeated id
 * would only repeat the decline.
 */
export const paypalRequestId = (input: Pick<CreatePayment, 'idempotencyKey' | 'renewalKey' | 'attempt' | 'savedMethod'>) =>
  input.savedMethod && input.renewalKey ? (input.attempt <= 1 ? input.renewalKey : `${input.renewalKey}:retry:${input.attempt - 1}`) : input.idempotencyKey

/** The page where the buyer approves: the order's `payer-action` link (older orders: `approve`). */
export const approvalLink = (order: PaypalOrder) => order.links?.find((link) => link.rel === 'payer-action')?.href ?? order.links?.find((link) => link.rel === 'approve')?.href

/** A PayPal order in our terms: its capture's state once captured, waiting for the buyer, or given up. */
export function resultOfOrder(order: PaypalOrder): PaymentResult {
  const ref = order.id ?? ''
  const capture = order.purchaseUnits?.[0]?.payments?.captures?.[0]
  const vault = order.paymentSource?.paypal?.attributes?.vault
  const saved = vault?.status === 'VAULTED' && vault.id ? { savedMethod: vault.id } : {}
  switch (order.status) {
    case 'COMPLETED':
      if (capture?.status === 'PENDING') return { status: 'processing', providerRef: ref, ...saved }
      if (capture?.status === 'DECLINED' || capture?.status === 'FAILED') return failedWith(ref, 'payment_declined')
      return { status: 'succeeded', providerRef: ref, ...saved }
    case 'CREATED':
    case 'PAYER_ACTION_REQUIRED': {
      const url = approvalLink(order)
      return url ? { status: 'requires_action', providerRef: ref, nextAction: { type: 'redirect', url } } : { status: 'processing', providerRef: ref }
    }
    case 'VOIDED':
      return failedWith(ref, 'payment_canceled')
    default:
      // APPROVED (the return captures it) or SAVED: the outcome comes later.
      return { status: 'processing', providerRef: ref }
  }
}

/** PayPal's reason when it refused a request (`details[0].issue`, such as INSTRUMENT_DECLINED), or null. */
export function refusal(error: unknown): { status: number; issue: string | null } | null {
  if (!(error instanceof ApiError)) return null
  const body = error.result as { name?: string; details?: { issue?: string }[] } | undefined
  return { status: error.statusCode, issue: body?.details?.[0]?.issue ?? body?.name ?? null }
}

/**
 * The buyer's PayPal approval captured (request id `capture:{attempt key}`, so a repeated return
 * captures once). `INSTRUMENT_DECLINED` (the funding source PayPal chose was refused): the buyer
 * is to choose another on PayPal's page, whose link comes back as `retry`. Another refusal → failed.
 * PayPal unreachable → throws (nothing captured that we know of; the event or a later return tells).
 */
export async function capturePaypal(api: PaypalApi, id: string, attemptKey: string): Promise<PaymentResult & { retry?: string }> {
  try {
    const captured = await api.orders.captureOrder({ id, paypalRequestId: `capture:${attemptKey}`, prefer: 'return=representation' })
    return resultOfOrder(captured.result)
  } catch (error) {
    const refused = refusal(error)
    if (!refused) throw error
    const order = (await api.orders.getOrder({ id })).result
    if (refused.issue === 'INSTRUMENT_DECLINED') {
      const url = approvalLink(order)
      if (url) return { ...failedWith(id, 'payment_declined'), retry: url }
    }
    // Captured already (a second return after the first's answer was lost): what the order says.
    if (refused.issue === 'ORDER_ALREADY_CAPTURED' || order.status === 'COMPLETED') return resultOfOrder(order)
    return failedWith(id, refused.issue === 'PAYER_ACTION_REQUIRED' ? 'payment_canceled' : 'payment_declined')
  }
}

/** The five headers PayPal signs an event with (all needed to verify it). */
export const paypalSignatureHeaders = ['paypal-auth-algo', 'paypal-cert-url', 'paypal-transmission-id', 'paypal-transmission-sig', 'paypal-transmission-time'] as const

/**
 * Whether PayPal vouches for an event: its five `PAYPAL-*` headers, our webhook id and the event
 * itself, sent to PayPal's `verify-webhook-signature` → `SUCCESS`. Missing headers → false without
 * asking; PayPal unreachable or erring → throws (the event is refused for now and comes again).
 */
export async function verifyPaypalEvent(api: PaypalApi, raw: string, headers: Headers): Promise<boolean> {
  const values = paypalSignatureHeaders.map((name) => headers.get(name))
  if (values.some((value) => !value || value.length > 2000)) return false
  let event: unknown
  try {
    event = JSON.parse(raw)
  } catch {
    return false
  }
  const [authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime] = values as string[]
  const response = await fetch(`${api.base}/v1/notifications/verify-webhook-signature`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await api.accessToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ auth_algo: authAlgo, cert_url: certUrl, transmission_id: transmissionId, transmission_sig: transmissionSig, transmission_time: transmissionTime, webhook_id: api.webhookId, webhook_event: event }),
    signal: AbortSignal.timeout(20_000),
  })
  if (response.status >= 500) throw new Error(`PayPal answered ${response.status} to verify-webhook-signature`)
  if (!response.ok) return false
  const answer = (await response.json().catch(() => null)) as { verification_status?: string } | null
  return answer?.verification_status === 'SUCCESS'
}

/**
 * PayPal payments through PayPal's REST API: one PayPal order per attempt (`paypalRequestId`, so
 * a resent request makes one), approved by the buyer on PayPal's page and
 * captured when they come back; a renewal charged to the payer's vault id without them.
 */
export function paypalProvider(api: PaypalApi, options: { siteUrl: string; log?: (line: string) => void }): PaymentProvider {
  const log = options.log ?? ((line: string) => logger().warn(line))
  return {
    id: 'paypal',
    methods: ['paypal'],
    supportsRecurring: true,
    // PayPal takes no card tokens: the buyer pays on PayPal's page.
    acceptsToken: () => false,
    async createPayment(input) {
      try {
        const made = await api.orders.createOrder({ body: orderRequest(input, options.siteUrl), paypalRequestId: paypalRequestId(input), prefer: 'return=representation' })
        return resultOfOrder(made.result)
      } catch (error) {
        const refused = refusal(error)
        if (refused) {
          log(`[payments] PayPal refused the order for order ${input.orderId} attempt ${input.attempt} (${refused.status} ${refused.issue ?? 'no reason given'})`)
          return failedWith(`order-${input.orderId}-${input.attempt}`, 'payment_declined')
        }
        // Nothing is charged before the buyer approves (a renewal's vault charge included: PayPal keeps the request id, the next try sends another).
        log(`[payments] PayPal did not answer for order ${input.orderId} attempt ${input.attempt}`)
        return failedWith(`order-${input.orderId}-${input.attempt}`, 'processing_error')
      }
    },
    async retrieve(providerRef) {
      return resultOfOrder((await api.orders.getOrder({ id: providerRef })).result)
    },
    captureApproved: (providerRef, attemptKey) => capturePaypal(api, providerRef, attemptKey),
    async refund({ providerRef, idempotencyKey }) {
      // All of the order's capture back (request id our key: twice refunds once), with our attempt key on the refund.
      const order = (await api.orders.getOrder({ id: providerRef })).result
      const capture = order.purchaseUnits?.[0]?.payments?.captures?.[0]
      if (!capture?.id) throw new Error(`PayPal holds no capture for order ${providerRef}`)
      const refunded = await api.payments.refundCapturedPayment({ captureId: capture.id, paypalRequestId: idempotencyKey, prefer: 'return=representation', body: { ...(capture.customId ? { customId: capture.customId } : {}), noteToPayer: 'Veilgate 30-day money-back guarantee' } })
      if (refunded.result.status === 'FAILED' || refunded.result.status === 'CANCELLED') throw new Error(`PayPal refused the refund (${refunded.result.status})`)
      return { refundRef: refunded.result.id ?? capture.id }
    },
    // PayPal's events are verified by asking PayPal (`verifyPaypalEvent`), at the PayPal route.
    verifyWebhook: () => null,
    async cancelRenewal(providerRef) {
      // The vault token the order saved: deleted, so the payer is never charged again; gone already, nothing to do.
      const order = (await api.orders.getOrder({ id: providerRef }).catch((error: unknown) => (refusal(error)?.status === 404 ? null : Promise.reject(error))))?.result
      const token = order?.paymentSource?.paypal?.attributes?.vault?.id
      if (!token) return
      try {
        await api.vault.deletePaymentToken(token)
      } catch (error) {
        if (refusal(error)?.status === 404) return
        throw error
      }
    },
  }
}
