// Buying: the purchase body, pricing the selection server-side, the order and its first payment attempt.
import { ORDER_TTL_MS } from './expiry'
import { createHash, createHmac } from 'node:crypto'
import type { Payload, Where } from 'payload'
import { z } from 'zod'
import { isLocaleCode } from '@/i18n/locales'
import type { ErrorCode } from '@/lib/errors'
import { apiError, errorMessage, HttpError } from '@/lib/http'
import { password } from '@/lib/validation/auth'
import type { AddOn, Customer, Order, PaymentAttempt, PricePlan } from '@/payload-types'
import { formatAccountNumber, formatAccountSecret, isAccountNumber } from '@/lib/validation/account-number'
import { newAccountSecret } from '@/services/auth/account-secret'
import { consentFields, consentWording, createNumberAccount, findCustomerByEmail, type NumberAccount } from '@/services/auth/accounts'
import { createSession, optionalSession, type SignedIn } from '@/services/auth/sessions'
import { openSealed, openToken, sealToken } from '@/services/auth/tokens'
import { orderLines } from '@/services/catalog/lines'
import { findPlan, monthlyPlanFor, toQuoteAddOn, toQuotePlan } from '@/services/catalog/catalog'
import { checkBonusCode, hasBought, idOf } from '@/services/catalog/codes'
import { isUniqueViolation } from '@/services/db'
import { paymentMethods, type PaymentMethod } from '@/services/catalog/methods'
import { quote, RENEWING_METHODS, type Quote, type QuoteBonus } from '@/services/catalog/pricing'
import { experimentAssignments } from '@/services/experiments/assign'
import type { StoredResponse } from './idempotency'
import { providerById, providerFor } from '@/services/payments/registry'
import type { PaymentProvider } from '@/services/payments/provider'
import { requestHash } from './request-hash'
import { chooseAddOns, selectionFields } from './add-on-choice'
import { extrasOrderQuote, ownedSubscription, quoteExtras, subscriptionId } from './extras'

export { selectionFields }
import { reportSandboxOutcome } from '@/services/payments/sandbox/deliver'
import { findOrderByHash, latestAttempt, newPublicHash, PUBLIC_HASH, transition } from './orders'
import type { OrderStatus } from './states'
import { applyResult, SEALED_CONFIRM } from '@/services/payments/outcome'
import { payApproved } from '@/services/payments/sandbox/approval'
import { billingPlanFor } from './billing'
import { nextStep } from './sync'
import { reconciledResult } from './reconcile'

/** What attempts keep of a card token: its SHA-256 (a token serves one order). */
const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex')

/** An unpaid order can be paid for 24 hours. */
export { ORDER_TTL_MS }

/** The device wallets: a provider that takes tokens (Stripe) gets their PaymentMethod as `cardToken`; the sandbox approves them on its page. */
const tokenWallets: readonly PaymentMethod[] = ['apple-pay', 'google-pay']

/** A card token comes with cards (required), may come with a device wallet, and with nothing else. */
function cardTokenFits(body: { paymentMethod: PaymentMethod; cardToken?: string }, context: z.RefinementCtx) {
  if (body.paymentMethod === 'card' && body.cardToken === undefined) context.addIssue({ code: 'custom', message: 'REQUIRED', path: ['cardToken'] })
  if (body.paymentMethod !== 'card' && !tokenWallets.includes(body.paymentMethod) && body.cardToken !== undefined) context.addIssue({ code: 'custom', message: 'INVALID_INPUT', path: ['cardToken'] })
}

/**
 * The provider of a method that comes with a token, and the token's hash: cards always; a device
 * wallet under Stripe (its PaymentMethod is required there: REQUIRED) or with a token the provider
 * must take (the sandbox takes none for wallets: INVALID_INPUT). Null when the method has no token.
 */
async function tokenOf(payload: Payload, method: PaymentMethod, cardToken: string | undefined, at: Date, orderId?: number): Promise<{ provider: PaymentProvider; tokenHash: string | null } | null> {
  if (method !== 'card' && !tokenWallets.includes(method)) return null
  const provider = providerFor(payload, method)
  if (method !== 'card' && provider.id === 'sandbox') {
    if (cardToken !== undefined) throw apiError('INVALID_INPUT', 'cardToken')
    return null
  }
  if (cardToken === undefined) throw apiError('REQUIRED', 'cardToken')
  return { provider, tokenHash: await usableToken(payload, provider, cardToken, at, orderId) }
}

/** `POST url-with-email/`: one schema for the whole body. */
export const purchaseBody = z
  .object({
    // Left out (or empty) by a buyer who is not signed in: the purchase makes an account with a
    // number and a one-time secret instead (`createNumberAccount`).
    email: z.preprocess(
      (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
      z.string({ error: 'INVALID_EMAIL' }).trim().max(254, 'INVALID_EMAIL').pipe(z.email('INVALID_EMAIL')).optional(),
    ),
    password: password.optional(),
    terms: z.boolean({ error: 'TERMS_AGREE' }).optional(),
    receiveMarketingEmails: z.boolean({ error: 'INVALID_INPUT' }).default(true),
    ...selectionFields,
    plan: selectionFields.plan.optional(),
    // Extras for a subscription the signed-in buyer owns, instead of a plan.
    attachTo: subscriptionId.optional(),
    paymentMethod: z.enum(paymentMethods, { error: 'INVALID_INPUT' }),
    cardToken: z.string({ error: 'REQUIRED' }).min(1, 'REQUIRED').max(2000, 'INVALID_INPUT').optional(),
    country: z.string({ error: 'REQUIRED' }).regex(/^[A-Z]{2}$/, 'INVALID_INPUT'),
    locale: z.string({ error: 'INVALID_INPUT' }).refine(isLocaleCode, 'INVALID_INPUT'),
  })
  // A password makes the account now, under the auth API's rules: the terms must be agreed to.
  .refine((body) => body.password === undefined || body.terms === true, { message: 'TERMS_AGREE', path: ['terms'] })
  // A password is for an account named by its address.
  .refine((body) => body.password === undefined || body.email !== undefined, { message: 'REQUIRED', path: ['email'] })
  .superRefine(cardTokenFits)
  .refine((body) => !(body.region && body.ipRegion), { message: 'INVALID_INPUT', path: ['ipRegion'] })
  .refine((body) => Boolean(body.server) === Boolean(body.region), { message: 'INVALID_INPUT', path: ['region'] })
  // A plan, or the subscription extras are added to (then no bonus code): one of the two.
  .superRefine((body, context) => {
    if (body.attachTo === undefined && body.plan === undefined) context.addIssue({ code: 'custom', message: 'INVALID_INPUT', path: ['plan'] })
    if (body.attachTo !== undefined && body.plan !== undefined) context.addIssue({ code: 'custom', message: 'INVALID_INPUT', path: ['attachTo'] })
    if (body.attachTo !== undefined && body.bonusCode !== undefined) context.addIssue({ code: 'custom', message: 'INVALID_INPUT', path: ['bonusCode'] })
  })

export type PurchaseBody = z.infer<typeof purchaseBody>
export type Selected = z.infer<z.ZodObject<typeof selectionFields>> & { method?: PaymentMethod; email?: string; customer?: Customer | null }

export type Priced = { plan: PricePlan; addOns: { addOn: Pick<AddOn, 'purchaseId' | 'kind'>; region: string | null }[]; bonus: QuoteBonus | null; quote: Quote; attachTo?: number }

/**
 * Extras for a subscription, priced on the server as `check-upgrade-possibility/` prices them:
 * only for its signed-in owner (anyone else: 404 NOT_FOUND on `attachTo`); not possible now, or
 * nothing chosen: 400 INVALID_INPUT on `attachTo`; a method its plan does not take: on `paymentMethod`.
 */
async function priceExtras(payload: Payload, attachTo: number, input: PurchaseBody, signedIn: SignedIn | null, at: Date): Promise<Priced> {
  if (!signedIn) throw apiError('NOT_FOUND', 'attachTo')
  const subscription = await ownedSubscription(payload, signedIn.customer.id, attachTo, 'attachTo')
  const quoted = await quoteExtras(payload, subscription, input, at)
  if (!quoted.possible || !quoted.lines.length) throw apiError('INVALID_INPUT', 'attachTo')
  if (quoted.plan.methods?.length && !quoted.plan.methods.includes(input.paymentMethod)) throw apiError('INVALID_INPUT', 'paymentMethod')
  return {
    plan: quoted.plan,
    addOns: quoted.lines.map((line) => ({ addOn: { purchaseId: line.id, kind: line.kind }, region: line.region })),
    bonus: null,
    quote: extrasOrderQuote(quoted),
    attachTo: subscription.id,
  }
}

/**
 * The server's price of a selection, by the pricing module: the plan, the add-ons that go with it
 * (a server in `region`, a static IP in `ipRegion`), the bonus code. Never a browser's total.
 */
export async function priceSelection(payload: Payload, selected: Selected, now: Date): Promise<Priced> {
  const plan = await findPlan(payload, selected.plan)
  if (!plan) throw apiError('PLAN_NOT_FOUND', 'plan')
  const quotePlan = toQuotePlan(plan)
  const addOns: { addOn: AddOn; region: string | null }[] = []
  for (const found of await chooseAddOns(payload, quotePlan, selected)) {
    if (!found.addOn) throw apiError('INVALID_INPUT', found.field)
    addOns.push({ addOn: found.addOn, region: found.region })
  }
  let bonus: QuoteBonus | null = null
  if (selected.bonusCode) {
    const checked = await checkBonusCode(payload, { code: selected.bonusCode, plan, customer: selected.customer ?? null, email: selected.email ?? null, now }).catch((error: unknown) => {
      // The refusal names this request's field, as the other refusals of the purchase do.
      throw error instanceof HttpError && error.field === 'code' ? new HttpError(error.statusCode, error.message, error.code, 'bonusCode') : error
    })
    bonus = { code: checked.bonus.code, effect: checked.bonus.effect, value: checked.bonus.value }
  }
  const result = quote({
    plan: quotePlan,
    addOns: addOns.map(({ addOn }) => toQuoteAddOn(addOn)),
    bonusCode: bonus,
    method: selected.method ?? 'card',
    now,
    monthlyPlan: await monthlyPlanFor(payload, plan),
  })
  if ('error' in result) throw apiError(result.error, result.error === 'INVALID_INPUT' ? 'paymentMethod' : 'bonusCode')
  return { plan, addOns, bonus, quote: result }
}

/**
 * Who buys, decided before anything is charged: the signed-in customer (`X-Auth-Token`); else the
 * address's account, unless it is taken (an account that is not an unpaid checkout one → 409
 * ALREADY_IN_USE); with a password, that account is made (or the unpaid one given it) now, not
 * confirmed; without one, the account is made when the order is paid (null here).
 */
export async function buyerFor(payload: Payload, input: PurchaseBody, signedIn: SignedIn | null, at: Date): Promise<number | null> {
  const consent = { granted: input.receiveMarketingEmails, at: at.toISOString(), wording: await consentWording(input.locale) }
  if (signedIn) {
    if (input.receiveMarketingEmails && !signedIn.customer.marketingConsent) {
      await payload.update({ collection: 'customers', id: signedIn.customer.id, data: consentFields(consent), overrideAccess: true, depth: 0 })
    }
    return signedIn.customer.id
  }
  if (input.email === undefined) return null
  const email = input.email.toLowerCase()
  const known = await findCustomerByEmail(payload, email)
  const unpaidCheckoutAccount = known?.source === 'checkout' && !(await hasBought(payload, { customerId: known.id, email }))
  if (known && !unpaidCheckoutAccount) throw apiError('ALREADY_IN_USE', 'email')
  if (input.password === undefined) return known?.id ?? null
  const data = { password: input.password, hasPassword: true, locale: input.locale as Customer['locale'], ...consentFields(consent) }
  if (known) {
    await payload.update({ collection: 'customers', id: known.id, data, overrideAccess: true, depth: 0 })
    return known.id
  }
  try {
    return (await payload.create({ collection: 'customers', data: { ...data, email, state: 'notConfirmed', source: 'checkout', timezone: '+0000' }, overrideAccess: true, depth: 0 })).id
  } catch (error) {
    // Two first purchases with one address at once: the second finds it taken.
    if (isUniqueViolation(error)) throw apiError('ALREADY_IN_USE', 'email')
    throw error
  }
}

/** A request's hash for idempotency, with the password replaced by a keyed hash of it (never kept, not even hashed plainly). */
export function purchaseHash(secret: string, input: PurchaseBody): string {
  const { password: chosen, ...rest } = input
  return requestHash({ ...rest, password: chosen === undefined ? null : createHmac('sha256', secret).update(`purchase-password:${chosen}`).digest('hex') })
}

/** A card token the method's provider can charge and no other order used, by its hash (else 400 on `cardToken`). */
async function usableToken(payload: Payload, provider: PaymentProvider, token: string, at: Date, orderId?: number): Promise<string> {
  if (!provider.acceptsToken(token, at)) throw apiError('INVALID_INPUT', 'cardToken')
  const tokenHash = tokenHashOf(token)
  // A token serves one order's attempts (a retry brings a new token or the same order's hash).
  const where: Where = orderId === undefined ? { tokenHash: { equals: tokenHash } } : { and: [{ tokenHash: { equals: tokenHash } }, { order: { not_equals: orderId } }] }
  if ((await payload.count({ collection: 'payment-attempts', where, overrideAccess: true })).totalDocs) throw apiError('INVALID_INPUT', 'cardToken')
  return tokenHash
}

/**
 * What a buyer's browser is told after a submit: paid, needs 3-D Secure or the redirect method's
 * approval (`requires_action` with its page), or declined. A method the plan does not take → 400
 * on `paymentMethod`; one no provider takes here → 503.
 */
export async function purchase(payload: Payload, input: PurchaseBody, request: Request, at: Date): Promise<StoredResponse> {
  // The same key and body again after the first request died without an answer: go on from its order.
  const key = request.headers.get('idempotency-key')
  const made = key ? (await payload.find({ collection: 'orders', where: { idempotencyKey: { equals: `checkout:${key}` } }, limit: 1, depth: 0, overrideAccess: true })).docs[0] : undefined
  if (made) return resumePurchase(payload, made, input, request, at)
  const method = input.paymentMethod
  const tokened = await tokenOf(payload, method, input.cardToken, at)
  const tokenHash = tokened?.tokenHash ?? null
  // The signed-in buyer counts for the bonus code too (their own referral code, new-customer codes).
  const signedIn = await optionalSession(payload, request.headers)
  const priced = input.attachTo !== undefined ? await priceExtras(payload, input.attachTo, input, signedIn, at) : await priceSelection(payload, { ...input, plan: input.plan!, method, customer: signedIn?.customer }, at)
  const provider = tokened?.provider ?? providerFor(payload, method)
  // No address and not signed in: the account is made now, with a number and a one-time secret.
  const numbered = !signedIn && input.email === undefined ? await createNumberAccount(payload, { locale: input.locale }) : null
  const customer = numbered?.customer.id ?? (await buyerFor(payload, input, signedIn, at))
  const hash = newPublicHash()
  const order = await payload.create({
    collection: 'orders',
    overrideAccess: true,
    depth: 0,
    data: {
      // The site's clock (the sandbox clock, when moved): the quote's dates are shifted from it when the order is paid.
      createdAt: at.toISOString(),
      publicHash: hash,
      status: 'pending',
      version: 0,
      currency: 'USD',
      lines: orderLines(
        priced.quote.lines,
        priced.addOns.map(({ addOn, region }) => ({ purchaseId: addOn.purchaseId, kind: addOn.kind, region })),
      ),
      subtotal: priced.quote.subtotal,
      discount: priced.quote.discount,
      total: priced.quote.total,
      quote: priced.quote as unknown as Record<string, unknown>,
      plan: priced.plan.purchaseId,
      bonusCode: priced.bonus?.code ?? null,
      method,
      provider: provider.id,
      autoRenew: priced.quote.autoRenew,
      customer,
      attachTo: priced.attachTo ?? null,
      // Extras are the owner's: their receipt goes to the account's address.
      email: (priced.attachTo || input.email === undefined) && signedIn ? (signedIn.customer.email ?? null) : (input.email?.toLowerCase() ?? null),
      receiveMarketingEmails: input.receiveMarketingEmails,
      country: input.country,
      locale: input.locale,
      experiments: experimentAssignments(request.headers.get('cookie')),
      // Namespaced, so a browser's key can never take one the renewals use (`sub:{id}:period:{n}`).
      idempotencyKey: `checkout:${request.headers.get('idempotency-key') ?? hash}`,
      expiresAt: new Date(at.getTime() + ORDER_TTL_MS).toISOString(),
    },
  })
  const answer = await chargeAttempt(payload, { orderId: order.id, hash, amount: priced.quote.total, attempt: 1, method, cardToken: input.cardToken, tokenHash, recurring: priced.quote.autoRenew, locale: input.locale, orderLocale: input.locale, at })
  // The buyer chose a password here, so this request made their account: it signs them in, paid,
  // waiting for 3-D Secure or declined alike. Kept sealed in the stored answer for a replayed key.
  if (!signedIn && input.password !== undefined && customer !== null) {
    const session = await createSession(payload, customer, { userAgent: request.headers.get('user-agent') })
    answer.body = { ...answer.body, [SEALED_SESSION]: sealToken(payload.secret, session) }
  }
  // Made without an address: signed in the same way, and told its number and secret, this once.
  if (numbered) answer.body = await withNumberAccount(payload, answer.body, numbered, request)
  return answer
}

/** A purchase's answer with the new number account's session and its number and secret, sealed (only a replayed key opens them again). */
async function withNumberAccount(payload: Payload, body: Record<string, unknown>, made: NumberAccount, request: Request): Promise<Record<string, unknown>> {
  const session = await createSession(payload, made.customer.id, { userAgent: request.headers.get('user-agent') })
  const account = JSON.stringify({ number: formatAccountNumber(made.number), secret: formatAccountSecret(made.secret) })
  return { ...body, [SEALED_SESSION]: sealToken(payload.secret, session), [SEALED_ACCOUNT]: sealToken(payload.secret, account) }
}

/**
 * The number account a purchase made for its order, when the first request died before its
 * answer was kept: its secret was never shown, so it gets a new one now (the account has no other
 * order and no address). Null for any other buyer.
 */
async function remadeNumberAccount(payload: Payload, order: Order, input: PurchaseBody): Promise<NumberAccount | null> {
  const id = idOf(order.customer)
  if (!id || order.email || input.email !== undefined) return null
  const customer = await payload.findByID({ collection: 'customers', id, depth: 0, overrideAccess: true }).catch(() => null)
  if (!customer || customer.email || !isAccountNumber(customer.username)) return null
  const others = await payload.count({ collection: 'orders', where: { and: [{ customer: { equals: id } }, { id: { not_equals: order.id } }] }, overrideAccess: true })
  if (others.totalDocs) return null
  const secret = newAccountSecret()
  await payload.update({ collection: 'customers', id, data: { password: secret }, overrideAccess: true, depth: 0 })
  return { customer, number: customer.username, secret }
}

/**
 * A purchase's request sent again with its Idempotency-Key after the first one died without an
 * answer (the database went away mid-request, the server stopped): it goes on from the order the
 * first one made, never making another. Pending: charged now. Processing: the provider is asked
 * what became of the attempt (`resumeAttempt`), and one it never saw is charged under the
 * attempt's key, so at most once (an attempt not yet written is written and charged). Anything
 * else: where the order is now, as `url/` tells it.
 */
async function resumePurchase(payload: Payload, order: Order, input: PurchaseBody, request: Request, at: Date): Promise<StoredResponse> {
  const signedIn = await optionalSession(payload, request.headers)
  const charge: ChargeInput = {
    orderId: order.id,
    hash: order.publicHash,
    amount: order.total,
    attempt: 1,
    method: order.method,
    cardToken: input.cardToken,
    recurring: Boolean(order.autoRenew),
    locale: input.locale,
    orderLocale: order.locale,
    at,
  }
  let answer: StoredResponse
  if (order.status === 'pending') {
    const tokened = await tokenOf(payload, order.method, input.cardToken, at, order.id)
    answer = await chargeAttempt(payload, { ...charge, tokenHash: tokened?.tokenHash ?? null, from: ['pending'] })
  } else if (order.status === 'processing') {
    const provider = providerById(payload, order.provider)
    if (!provider) throw apiError('SERVER_MAINTENANCE')
    const written = await latestAttempt(payload, order.id)
    const attempt = { ...charge, attempt: written?.number ?? 1, tokenHash: input.cardToken ? tokenHashOf(input.cardToken) : null }
    answer = written ? await resumeAttempt(payload, provider, attempt, written) : await askProvider(payload, provider, attempt, await writeAttempt(payload, provider, attempt))
  } else answer = await orderAnswer(payload, order, input.locale, at)
  const customer = typeof order.customer === 'object' && order.customer ? order.customer.id : order.customer
  if (!signedIn && input.password !== undefined && customer) {
    const session = await createSession(payload, customer, { userAgent: request.headers.get('user-agent') })
    answer.body = { ...answer.body, [SEALED_SESSION]: sealToken(payload.secret, session) }
  }
  const remade = signedIn ? null : await remadeNumberAccount(payload, order, input)
  if (remade) answer.body = await withNumberAccount(payload, answer.body, remade, request)
  return answer
}

/** What a purchase answers about an order already under way: where it is now (402 with its failure when it failed). */
async function orderAnswer(payload: Payload, order: Order, locale: string, at: Date): Promise<StoredResponse> {
  const step = await nextStep(payload, order, at)
  if (step.status !== 'failed') return { status: 200, body: { hash: step.hash, status: step.status, url: step.url } }
  const failed = (await findOrderByHash(payload, order.publicHash)) ?? order
  const code = (failed.failure?.code ?? 'CARD_DECLINED') as ErrorCode
  return { status: 402, body: { statusCode: 402, code, message: await errorMessage(code, locale), hash: order.publicHash, retryable: failed.failure?.retryable ?? true } }
}

/** Where a purchase's stored answer keeps the new account's session token, sealed. */
export const SEALED_SESSION = 'sealedSession'

/** Where it keeps the number and secret of an account made without an address, sealed. */
export const SEALED_ACCOUNT = 'sealedAccount'

/** The number and secret sealed in an answer, or undefined. */
function openAccount(secret: string, value: unknown): { number: string; secret: string } | undefined {
  const opened = openSealed(secret, value)
  if (!opened) return undefined
  const account = JSON.parse(opened) as { number?: unknown; secret?: unknown }
  return typeof account.number === 'string' && typeof account.secret === 'string' ? { number: account.number, secret: account.secret } : undefined
}

/**
 * The answer as the buyer's browser gets it: a sealed session becomes `token`, a sealed client
 * secret `clientSecret`, a sealed number account `account: { number, secret }`.
 */
export function answerForBrowser(secret: string, body: Record<string, unknown>): Record<string, unknown> {
  if (!(SEALED_SESSION in body) && !(SEALED_CONFIRM in body) && !(SEALED_ACCOUNT in body)) return body
  const { [SEALED_SESSION]: sealedSession, [SEALED_CONFIRM]: sealedSecret, [SEALED_ACCOUNT]: sealedAccount, ...rest } = body
  const token = openToken(secret, sealedSession)
  const clientSecret = openSealed(secret, sealedSecret)
  const account = openAccount(secret, sealedAccount)
  return { ...rest, ...(token ? { token } : {}), ...(clientSecret ? { clientSecret } : {}), ...(account ? { account } : {}) }
}

/**
 * One charge attempt on an order. The attempt row is written before the provider is asked (with
 * the key it is sent under as its reference), so a crash in between leaves a payment that
 * `url/` or a webhook can still find; the provider's answer then moves the order.
 */
export async function chargeAttempt(
  payload: Payload,
  input: {
    orderId: number
    hash: string
    amount: number
    attempt: number
    method: PaymentMethod
    /** The buyer's card token (and its hash), or a saved method for a charge without the buyer. */
    cardToken?: string
    tokenHash?: string | null
    savedMethod?: string
    kind?: 'charge' | 'renewal'
    /** A renewal's own key (`sub:{id}:period:{n}`), handed to the provider with the attempt's. */
    renewalKey?: string
    /** The provider that saved the method (a renewal), else the one that takes `method`. */
    providerId?: string
    recurring: boolean
    /** A new attempt switching method: the order's method, provider and auto-renewal follow in the same compare-and-set. */
    switching?: boolean
    /** The statuses the order may be charged from (pending or failed; a retry of an unconfirmed subscription invoice: requires_action). */
    from?: OrderStatus[]
    locale: string
    orderLocale: string
    at: Date
  },
): Promise<StoredResponse> {
  const provider = input.providerId ? providerById(payload, input.providerId) : providerFor(payload, input.method)
  if (!provider) throw apiError('SERVER_MAINTENANCE')
  const follow = input.switching ? { method: input.method, provider: provider.id, autoRenew: input.recurring } : {}
  // Compare-and-set: of two concurrent retries of one failed order, one charges.
  if (!(await transition(payload, input.orderId, input.from ?? ['pending', 'failed'], 'processing', follow))) throw apiError('ORDER_NOT_RETRYABLE', 'hash')
  return askProvider(payload, provider, input, await writeAttempt(payload, provider, input))
}

type ChargeInput = Parameters<typeof chargeAttempt>[1]

/**
 * The attempt's row, written before the provider is asked, under the key it is sent with. Its
 * reference is unique: of two requests writing the same attempt at once (a retry that moved the
 * failed order to processing, and the same retry sent again that found it processing before the
 * first had written its attempt), the one whose row is stored charges, and the other is told 409
 * ORDER_NOT_RETRYABLE, as the loser of the order's compare-and-set is.
 */
async function writeAttempt(payload: Payload, provider: PaymentProvider, input: ChargeInput) {
  const idempotencyKey = `order:${input.orderId}:attempt:${input.attempt}`
  try {
    return await payload.create({
      collection: 'payment-attempts',
      overrideAccess: true,
      depth: 0,
      data: {
        order: input.orderId,
        number: input.attempt,
        provider: provider.id,
        providerRef: `${provider.id}:pending_${idempotencyKey}`,
        kind: input.kind ?? 'charge',
        status: 'processing',
        amount: input.amount,
        tokenHash: input.tokenHash ?? null,
      },
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw apiError('ORDER_NOT_RETRYABLE', 'hash')
    throw error
  }
}

/**
 * A charge a stopped run left under way (the order `processing`): its latest attempt is asked of
 * the provider and settled, or charged under its own key if the provider never saw it; with no
 * attempt written yet (or only settled ones), the next attempt is written and charged. Null when
 * the order is no longer processing or its provider is not configured here.
 */
export async function resumeCharge(payload: Payload, input: Omit<ChargeInput, 'attempt'>): Promise<StoredResponse | null> {
  const provider = input.providerId ? providerById(payload, input.providerId) : providerFor(payload, input.method)
  const order = await payload.findByID({ collection: 'orders', id: input.orderId, depth: 0, overrideAccess: true }).catch(() => null)
  if (!provider || order?.status !== 'processing') return null
  const latest = await latestAttempt(payload, input.orderId)
  if (latest && (latest.status === 'processing' || latest.status === 'succeeded')) return resumeAttempt(payload, provider, { ...input, attempt: latest.number }, latest)
  const next = { ...input, attempt: (latest?.number ?? 0) + 1 }
  return askProvider(payload, provider, next, await writeAttempt(payload, provider, next))
}

/**
 * An attempt a request wrote before it died: the provider is asked what became of it (by its
 * reference, or by our key while only the pending one is stored) and the order follows; a charge
 * the provider never saw is made now, under the attempt's key, so it is made once.
 */
async function resumeAttempt(payload: Payload, provider: PaymentProvider, input: ChargeInput, attempt: PaymentAttempt): Promise<StoredResponse> {
  const ref = attempt.providerRef.slice(provider.id.length + 1)
  const known = reconciledResult(ref, await provider.retrieve(ref))
  const unseen = ref.startsWith('pending_') && known.status === 'failed' && known.providerRef === ref && known.error?.providerCode === 'processing_error'
  if (unseen) return askProvider(payload, provider, input, attempt)
  const answer = await applyResult(payload, { id: input.orderId, publicHash: input.hash, locale: input.orderLocale }, attempt, known, ['processing'], input.at, input.locale)
  // The sandbox's event for a charge it made: the request that made it died before queuing it (the same outcome sent twice is one event).
  if (provider.id === 'sandbox') {
    await reportSandboxOutcome(payload, { providerRef: known.providerRef, status: known.status, method: input.method, amount: input.amount, orderId: input.orderId, hash: input.hash, attempt: input.attempt, at: input.at })
  }
  return answer
}

/**
 * The provider asked to charge an attempt already written (the create call under the attempt's
 * key: asked again, a provider answers what it did the first time), and its answer applied to
 * the order, which is `processing`.
 */
async function askProvider(payload: Payload, provider: PaymentProvider, input: ChargeInput, attempt: PaymentAttempt): Promise<StoredResponse> {
  const idempotencyKey = `order:${input.orderId}:attempt:${input.attempt}`
  // An auto-renewing order the provider bills itself (Stripe Billing) becomes its subscription.
  const billable = provider.supportsBilling && input.recurring && (input.kind ?? 'charge') === 'charge' && input.savedMethod === undefined && input.cardToken !== undefined
  const order = billable ? await payload.findByID({ collection: 'orders', id: input.orderId, depth: 0, overrideAccess: true }) : null
  const billing = order ? await billingPlanFor(payload, order, provider.id) : null
  const result = await provider.createPayment({
    orderId: input.orderId,
    hash: input.hash,
    attempt: input.attempt,
    amount: input.amount,
    currency: 'USD',
    method: input.method,
    ...(input.savedMethod !== undefined ? { savedMethod: input.savedMethod } : { cardToken: input.cardToken }),
    recurring: input.recurring,
    ...(billing ? { billing } : {}),
    idempotencyKey,
    ...(input.renewalKey ? { renewalKey: input.renewalKey } : {}),
    locale: input.orderLocale,
    now: input.at,
  })
  if (result.nextAction || result.authOutcome || result.savedMethod || result.periodEnd) {
    await payload.update({
      collection: 'payment-attempts',
      id: attempt.id,
      overrideAccess: true,
      depth: 0,
      data: {
        nextAction: result.nextAction?.type === 'redirect' ? result.nextAction.url : null,
        authOutcome: result.authOutcome ?? null,
        savedMethod: result.savedMethod ?? null,
        periodEnd: result.periodEnd?.toISOString() ?? null,
      },
    })
  }
  // The attempt as just written: its period end is already the provider's.
  const written = { ...attempt, periodEnd: result.periodEnd?.toISOString() ?? null }
  const answer = await applyResult(payload, { id: input.orderId, publicHash: input.hash, locale: input.orderLocale }, written, result, ['processing'], input.at, input.locale)
  if (provider.id === 'sandbox') {
    await reportSandboxOutcome(payload, { providerRef: result.providerRef, status: result.status, method: input.method, amount: input.amount, orderId: input.orderId, hash: input.hash, attempt: input.attempt, at: input.at })
  }
  return answer
}

/** `POST url-with-email/` again after a decline or a cancel: the order's hash, a method (card when left out) and, for a card, its token. */
export const retryBody = z
  .object({
    hash: z.string({ error: 'INVALID_INPUT' }).regex(PUBLIC_HASH, 'ORDER_NOT_FOUND'),
    paymentMethod: z.enum(paymentMethods, { error: 'INVALID_INPUT' }).default('card'),
    cardToken: z.string({ error: 'REQUIRED' }).min(1, 'REQUIRED').max(2000, 'INVALID_INPUT').optional(),
    locale: z.string().refine(isLocaleCode, 'INVALID_INPUT').optional(),
  })
  .superRefine(cardTokenFits)
export type RetryBody = z.infer<typeof retryBody>

/**
 * "Pay now" of an approved Amazon Pay payment (`payApproved`), else a new attempt on a failed,
 * retryable, unexpired order: same order, same hash, same amount;
 * another method may pay it (one its plan takes), and the order's method, provider and
 * auto-renewal follow. Anything else is 409 ORDER_NOT_RETRYABLE (also when a concurrent retry
 * moved the order first).
 */
export async function retryOrder(payload: Payload, input: RetryBody, at: Date): Promise<StoredResponse> {
  const order = await findOrderByHash(payload, input.hash)
  if (!order) throw apiError('ORDER_NOT_FOUND', 'hash')
  // The same retry sent again after its first request died mid-charge (the database went away):
  // the attempt it wrote with this card token is asked for again under its key, charging once.
  // One that died before writing its attempt (the order moved to processing, the last attempt
  // settled) writes it now: the attempt's reference is unique, so a concurrent writer of the same
  // attempt fails instead of charging twice.
  // One whose attempt went through (its answer lost): told where the order is now.
  if (input.cardToken && order.status !== 'processing' && order.status !== 'failed') {
    const latest = await latestAttempt(payload, order.id)
    if (latest && latest.tokenHash === tokenHashOf(input.cardToken)) return orderAnswer(payload, order, input.locale ?? order.locale, at)
  }
  if (order.status === 'processing' && input.cardToken) {
    const latest = await latestAttempt(payload, order.id)
    const tokenHash = tokenHashOf(input.cardToken)
    const charge = { orderId: order.id, hash: order.publicHash, amount: order.total, method: order.method, cardToken: input.cardToken, tokenHash, recurring: Boolean(order.autoRenew), locale: input.locale ?? order.locale, orderLocale: order.locale, at }
    const provider = latest ? providerById(payload, latest.provider) : null
    // Its attempt written (or already paid, the order not yet told): asked again under its key.
    if (latest && provider && ((latest.status === 'processing' && latest.tokenHash === tokenHash) || latest.status === 'succeeded')) {
      return resumeAttempt(payload, provider, { ...charge, amount: latest.amount, attempt: latest.number }, latest)
    }
    if (latest && (latest.status === 'failed' || latest.status === 'canceled') && order.method === input.paymentMethod) {
      const tokened = await tokenOf(payload, order.method, input.cardToken, at, order.id)
      const next = { ...charge, attempt: latest.number + 1, tokenHash: tokened?.tokenHash ?? tokenHash }
      const provider = tokened?.provider ?? providerFor(payload, order.method)
      return askProvider(payload, provider, next, await writeAttempt(payload, provider, next))
    }
  }
  // "Pay now" on the wallet page: an approved Amazon Pay payment is captured, not charged anew.
  if (input.paymentMethod === 'amazon-pay' && order.method === 'amazon-pay' && order.provider === 'sandbox') {
    const captured = await payApproved(payload, order, at)
    if (captured) return captured
  }
  // A Stripe subscription's first invoice the browser never confirmed (a closed tab, an abandoned
  // 3-D Secure) is paid again like a failure: a new PaymentMethod confirms the same invoice.
  const unconfirmed = order.status === 'requires_action' && order.provider === 'stripe' && Boolean((await latestAttempt(payload, order.id))?.providerRef.startsWith('stripe:sub_'))
  if (!(unconfirmed || (order.status === 'failed' && order.failure?.retryable)) || new Date(order.expiresAt).getTime() <= at.getTime()) throw apiError('ORDER_NOT_RETRYABLE', 'hash')
  const method = input.paymentMethod
  if (method !== order.method) {
    const plan = await findPlan(payload, order.plan)
    if (plan?.methods?.length && !plan.methods.includes(method)) throw apiError('INVALID_INPUT', 'paymentMethod')
  }
  providerFor(payload, method)
  const tokenHash = (await tokenOf(payload, method, input.cardToken, at, order.id))?.tokenHash ?? null
  const attempts = await payload.count({ collection: 'payment-attempts', where: { order: { equals: order.id } }, overrideAccess: true })
  // A renewing plan (not lifetime) renews by itself only with a method that can (card, PayPal).
  const renewable = Boolean((order.quote as { renewal?: unknown } | null)?.renewal)
  return chargeAttempt(payload, {
    orderId: order.id,
    hash: order.publicHash,
    amount: order.total,
    attempt: attempts.totalDocs + 1,
    method,
    cardToken: input.cardToken,
    tokenHash,
    recurring: method === order.method ? Boolean(order.autoRenew) : renewable && RENEWING_METHODS.has(method),
    switching: method !== order.method,
    from: unconfirmed ? ['requires_action'] : undefined,
    locale: input.locale ?? order.locale,
    orderLocale: order.locale,
    at,
  })
}
