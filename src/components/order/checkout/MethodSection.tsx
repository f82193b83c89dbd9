// The payment method: the plan's methods payable here, each a radio with its mark and name.
import { methodBrandNames } from '@/services/catalog/methods'
import { PaymentMethodIcon } from '../PaymentMethodIcon'
import type { CheckoutState } from './useCheckout'

export function MethodSection({ c }: { c: CheckoutState }) {
  const { texts, ids, errors } = c
  const names = { ...methodBrandNames, card: texts.methodCard, paypal: texts.methodPaypal, paymentwall: texts.methodPaymentwall }
  return (
    <fieldset className="grid gap-2" aria-describedby={errors.method ? `${ids}-method-error` : undefined}>
      <legend className="mb-2 text-lg font-semibold">{texts.methodLegend}</legend>
      {c.methods.map((method, index) => (
        <label key={method} className="flex items-center gap-3 rounded-md border border-line p-3 has-[:checked]:border-brand-600" data-method={method}>
          <input
            type="radio"
            name={`${ids}-method`}
            value={method}
            checked={c.method === method}
            ref={index === 0 ? c.register('method') : undefined}
            onChange={() => {
              c.setMethod(method)
              c.setError('method', undefined)
            }}
            className="size-4"
          />
          <PaymentMethodIcon method={method} />
          <span>{names[method]}</span>
        </label>
      ))}
      {errors.method && (
        <p id={`${ids}-method-error`} className="text-sm text-red-700">
          {errors.method}
        </p>
      )}
      {c.walletMessage ? (
        <p role="alert" className="text-sm font-medium text-red-700" data-wallet-unavailable>
          {c.walletMessage}
        </p>
      ) : (
        c.method &&
        c.method !== 'card' && (
          <p className="text-sm text-muted" data-redirect-note>
            {(c.method === 'bitcoin' || c.method === 'coinpayments' ? texts.methodInvoice : texts.methodRedirect).replace('{provider}', names[c.method as keyof typeof names] ?? c.method)}
          </p>
        )
      )}
    </fieldset>
  )
}
