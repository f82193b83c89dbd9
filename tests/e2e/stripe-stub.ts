// Stripe.js as the checkout page meets it, replaced in end-to-end tests only (served for js.stripe.com by `page.route`).

/** The test cards the stub knows, as the stand-in's test PaymentMethods. */
export const stubCards: Record<string, string> = {
  '4242424242424242': 'pm_card_visa',
  '4000000000000002': 'pm_card_chargeDeclined',
  '4000002760003184': 'pm_card_threeDSecure2Required',
}

/**
 * `window.Stripe` with what the page calls: `elements()` (kept in `window.__stripe` with its
 * options), a Payment Element that mounts one labelled input and reports `complete` at 16 digits,
 * `elements.submit()`, and `createPaymentMethod()`, which answers a new PaymentMethod of the
 * typed test card each time (`pm_card_visa__3…`), keeping the billing details it was given in
 * the tab's storage (`stripe-stub-billing`), where the test reads them after the page moved on.
 */
export const stripeStub = `;(function () {
  var cards = ${JSON.stringify(stubCards)};
  var made = 0;
  window.__stripe = { keys: [], elements: [], updates: [], created: [] };
  function Stripe(key) {
    window.__stripe.keys.push(key);
    return {
      elements: function (options) {
        window.__stripe.elements.push(options);
        var state = { number: '', listeners: [], input: null };
        var element = {
          on: function (name, listener) { if (name === 'change') state.listeners.push(listener) },
          mount: function (target) {
            var input = document.createElement('input');
            input.setAttribute('aria-label', 'Card number (Stripe)');
            input.setAttribute('inputmode', 'numeric');
            input.setAttribute('data-stub-card', '');
            input.addEventListener('input', function () {
              state.number = input.value.replace(/\\D/g, '');
              state.listeners.forEach(function (listener) { listener({ complete: state.number.length === 16, empty: !state.number }) });
            });
            target.appendChild(input);
            state.input = input;
          },
          focus: function () { if (state.input) state.input.focus() },
          destroy: function () { if (state.input) state.input.remove() },
        };
        return {
          create: function (type, options) { window.__stripe.created.push({ type: type, options: options }); return element },
          update: function (options) { window.__stripe.updates.push(options) },
          submit: function () { return Promise.resolve(state.number.length === 16 ? {} : { error: { message: 'Your card number is incomplete.' } }) },
          __state: state,
        };
      },
      createPaymentMethod: function (input) {
        var base = cards[input.elements.__state.number];
        if (!base) return Promise.resolve({ error: { message: 'Your card number is invalid.' } });
        made += 1;
        window.__stripe.billing = input.params.billing_details;
        try { sessionStorage.setItem('stripe-stub-billing', JSON.stringify(input.params.billing_details)) } catch (error) {}
        return Promise.resolve({ paymentMethod: { id: base + '__' + made + Math.random().toString(36).slice(2, 10) } });
      },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
`
