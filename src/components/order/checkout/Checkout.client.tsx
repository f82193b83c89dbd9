'use client'
// Checkout's island: the sections of the form and the summary, around the state of `useCheckout`.

import { CardSection } from './CardSection'
import { ContactSection } from './ContactSection'
import { MethodSection } from './MethodSection'
import { PaySection } from './PaySection'
import { StageSteps } from './StageSteps'
import { SummarySection } from './SummarySection'
import type { CheckoutProps } from './types'
import { useCheckout } from './useCheckout'

export type { CheckoutTexts } from './types'

/**
 * The order summary from the URL's selection (priced by `purchase/cost/`), e-mail and consent,
 * the payment method, the card fields, and the pay button with its hint. Paying tokenizes the
 * card with the processor's script and sends the purchase once per Idempotency-Key; a decline is
 * told by the button with everything still as typed.
 */
export function Checkout({ countries, ...props }: CheckoutProps) {
  const c = useCheckout(props)
  return (
    <>
      <StageSteps c={c} />
      {c.orderMissing && (
        <p role="status" className="mt-4 text-sm">
          {c.texts.orderNotFound}
        </p>
      )}
      <div className="mt-8 grid gap-10 lg:grid-cols-[3fr_2fr]">
        <form
          noValidate
          className="grid gap-8"
          onSubmit={(event) => {
            event.preventDefault()
            void c.pay()
          }}
        >
          <ContactSection c={c} />
          <MethodSection c={c} />
          {c.method === 'card' && <CardSection c={c} countries={countries} />}
          <PaySection c={c} />
        </form>
        <SummarySection c={c} />
      </div>
    </>
  )
}
