/**
 * The card processor's script for checkout: the sandbox's tokenizer. Loaded on demand (1.7 s
 * after checkout appears, or at once when a card field gets focus or Pay is pressed) and never on
 * any other page; Stripe.js takes its place under PAYMENTS_PROVIDER=stripe. The card number goes
 * from here to the tokenizer only.
 */
export type CardInput = { number: string; expMonth: number; expYear: number; cvc: string; name?: string; postalCode?: string; locale: string }
export type Tokenized = { token: string; brand: string; last4: string } | { error: { statusCode: number; code: string; message: string; field?: string } }

export async function tokenizeCard(input: CardInput): Promise<Tokenized> {
  const response = await fetch('/api/payments/sandbox/tokenize', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...input, number: input.number.replace(/\D/g, '') }),
  })
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>
  if (response.ok && typeof body.token === 'string') return { token: body.token, brand: String(body.brand), last4: String(body.last4) }
  return { error: { statusCode: response.status, code: String(body.code ?? 'SERVER_MAINTENANCE'), message: String(body.message ?? ''), field: typeof body.field === 'string' ? body.field : undefined } }
}
