// The payment method: card, the one method checkout takes today.
import type { CheckoutState } from './useCheckout'

export function MethodSection({ c }: { c: CheckoutState }) {
  const { texts, ids, errors } = c
  return (
    <fieldset className="grid gap-2" aria-describedby={errors.method ? `${ids}-method-error` : undefined}>
      <legend className="mb-2 text-lg font-semibold">{texts.methodLegend}</legend>
      <label className="flex items-center gap-2 rounded-md border border-line p-3">
        <input
          type="radio"
          name={`${ids}-method`}
          value="card"
          checked={c.method === 'card'}
          ref={c.register('method')}
          onChange={() => {
            c.setMethod('card')
            c.setError('method', undefined)
          }}
          className="size-4"
        />
        <span>{texts.methodCard}</span>
      </label>
      {errors.method && (
        <p id={`${ids}-method-error`} className="text-sm text-red-700">
          {errors.method}
        </p>
      )}
    </fieldset>
  )
}
