// The card: name, number, expiry, CVC and the billing address, formatted as typed.
import { formatCardNumber, formatExpiry } from '@/services/purchase-flow/checkout-rules'
import { TextField } from './TextField'
import type { CheckoutState } from './useCheckout'

export function CardSection({ c, countries }: { c: CheckoutState; countries: { code: string; name: string }[] }) {
  const { texts, ids, card, setCard, errors, stripeOn, stripeMount, cardSetupKnown } = c
  return (
    <fieldset className="grid gap-4">
      <legend className="mb-2 text-lg font-semibold">{texts.cardLegend}</legend>
      <TextField c={c} field="name" label={texts.cardName} value={card.name} onChange={(name) => setCard({ ...card, name })} autoComplete="cc-name" card />
      {!cardSetupKnown ? (
        // Until `purchase/cost/` says who takes cards, neither the sandbox's fields nor Stripe's Element (nothing typed is lost in a swap).
        <div className="min-h-32" aria-busy="true" data-card-pending />
      ) : stripeOn ? (
        // Stripe's Payment Element (number, expiry, CVC in Stripe's iframe, labelled there) mounts here.
        <div className="grid gap-1">
          <div ref={stripeMount} data-stripe-card className="min-h-11" />
          {errors.number && (
            <p id={`${ids}-number-error`} className="text-sm text-red-700">
              {errors.number}
            </p>
          )}
        </div>
      ) : (
        <>
          <TextField c={c} field="number" label={texts.cardNumber} value={card.number} onChange={(number) => setCard({ ...card, number: formatCardNumber(number) })} autoComplete="cc-number" inputMode="numeric" card />
          <div className="grid grid-cols-2 gap-4">
            <TextField c={c} field="expiry" label={texts.cardExpiry} value={card.expiry} onChange={(expiry) => setCard({ ...card, expiry: formatExpiry(expiry) })} autoComplete="cc-exp" inputMode="numeric" card />
            <TextField c={c} field="cvc" label={texts.cardCvc} value={card.cvc} onChange={(cvc) => setCard({ ...card, cvc: cvc.replace(/\D/g, '').slice(0, 4) })} autoComplete="cc-csc" inputMode="numeric" card />
          </div>
        </>
      )}
      <div className="grid gap-1">
        <label htmlFor={`${ids}-country`} className="text-sm font-medium">
          {texts.country}
        </label>
        <select
          id={`${ids}-country`}
          ref={c.register('country')}
          autoComplete="country"
          value={card.country}
          onChange={(event) => setCard({ ...card, country: event.target.value })}
          className="rounded-md border border-line bg-white px-3 py-2 text-base"
        >
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
      </div>
      <TextField c={c} field="postalCode" label={texts.postalCode} value={card.postalCode} onChange={(postalCode) => setCard({ ...card, postalCode })} autoComplete="postal-code" card />
      <div className="grid gap-1">
        <label htmlFor={`${ids}-address`} className="text-sm font-medium">
          {texts.address}
        </label>
        <input id={`${ids}-address`} autoComplete="address-line1" value={card.address} onChange={(event) => setCard({ ...card, address: event.target.value })} className="rounded-md border border-line bg-white px-3 py-2 text-base" />
      </div>
      <div className="grid gap-1">
        <label htmlFor={`${ids}-city`} className="text-sm font-medium">
          {texts.city}
        </label>
        <input id={`${ids}-city`} autoComplete="address-level2" value={card.city} onChange={(event) => setCard({ ...card, city: event.target.value })} className="rounded-md border border-line bg-white px-3 py-2 text-base" />
      </div>
    </fieldset>
  )
}
