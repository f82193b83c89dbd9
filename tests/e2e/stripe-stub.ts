// Stripe.js as the checkout page meets it, replaced in end-to-end tests only (served for js.stripe.com by `page.route`).

/** The test cards the stub knows, as the stand-in's test PaymentMethods. */
export const stubCards: Record<string, string> = {
  '4242424242424242': 'pm_card_visa',
  '4000000000000002': 'pm_card_chargeDeclined',
  '4000002760003184': 'pm_card_threeDSecure2Required',
  '4000000000000341': 'pm_card_chargeCustomerFail',
}

/**
 * `window.Stripe` with what the page calls: `elements()` (kept in `window.__stripe` with its
 * options), a Payment Element that mounts one labelled input and reports `complete` at 16 digits,
 * an Express Checkout Element, `elements.submit()`, and `createPaymentMethod()`, which answers a
 * new PaymentMethod of the typed test card each time (`pm_card_visa__3…`), keeping the billing
 * details it was given in the tab's storage (`stripe-stub-billing`), where the test reads them
 * after the page moved on.
 *
 * The Express Checkout Element shows a button for each wallet that `window.__stripeWallets`
 * (`{ applePay, googlePay }`, set by the test: what device and Stripe offer) holds and its options
 * do not turn off, then answers `ready` with them. Pressing one emits `click`; when the page
 * resolves it (the wallet's sheet would open), `confirm` follows at once, and the PaymentMethod
 * made is of `window.__stripeWalletCard` (`pm_card_visa` unless set). Clicks' answers and
 * `paymentFailed` calls are kept in `window.__stripe.clicks` and `.failed`.
 *
 * `confirmPayment({ clientSecret, confirmParams, redirect })` and `confirmSetup(…)` (kept in
 * `.confirmed`) confirm the PaymentIntent or SetupIntent as Stripe.js does, by POST to
 * `https://api.stripe.com/v1/{payment_intents|setup_intents}/{id}/confirm`, which the test hands
 * to the Stripe stand-in.
 */
export const stripeStub = `;(function () {
  var cards = ${JSON.stringify(stubCards)};
  var made = 0;
  window.__stripe = { keys: [], elements: [], updates: [], created: [], clicks: [], failed: [], confirmed: [] };
  function express(options, state) {
    var listeners = {};
    var holder = null;
    var emit = function (name, event) { (listeners[name] || []).forEach(function (listener) { listener(event) }) };
    var press = function (key) {
      var type = key === 'applePay' ? 'apple_pay' : 'google_pay';
      var answer = 'none';
      emit('click', { elementType: 'expressCheckout', expressPaymentType: type, resolve: function () { answer = 'resolved' }, reject: function () { answer = 'rejected' } });
      window.__stripe.clicks.push(answer);
      if (answer !== 'resolved') return;
      state.wallet = type;
      emit('confirm', {
        elementType: 'expressCheckout',
        expressPaymentType: type,
        billingDetails: { name: 'Grace Hopper', email: '', phone: '', address: {} },
        paymentFailed: function (payload) { window.__stripe.failed.push(payload || {}) },
      });
    };
    return {
      on: function (name, listener) { (listeners[name] = listeners[name] || []).push(listener) },
      mount: function (target) {
        var offer = window.__stripeWallets || {};
        var methods = (options && options.paymentMethods) || {};
        var available = {};
        ['applePay', 'googlePay'].forEach(function (key) { if (offer[key] && methods[key] !== 'never') available[key] = true });
        holder = document.createElement('div');
        Object.keys(available).forEach(function (key) {
          var button = document.createElement('button');
          button.type = 'button';
          button.textContent = key === 'applePay' ? 'Buy with Apple Pay' : 'Buy with Google Pay';
          button.setAttribute('data-stub-wallet', key);
          button.addEventListener('click', function () { press(key) });
          holder.appendChild(button);
        });
        target.appendChild(holder);
        setTimeout(function () { emit('ready', { elementType: 'expressCheckout', availablePaymentMethods: Object.keys(available).length ? available : undefined }) }, 0);
      },
      focus: function () { if (holder && holder.firstChild) holder.firstChild.focus() },
      destroy: function () { state.wallet = null; if (holder) holder.remove() },
    };
  }
  function Stripe(key) {
    window.__stripe.keys.push(key);
    return {
      elements: function (options) {
        window.__stripe.elements.push(options);
        var state = { number: '', listeners: [], input: null, wallet: null };
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
          create: function (type, options) {
            window.__stripe.created.push({ type: type, options: options });
            return type === 'expressCheckout' ? express(options, state) : element;
          },
          update: function (options) { window.__stripe.updates.push(options) },
          submit: function () { return Promise.resolve(state.wallet || state.number.length === 16 ? {} : { error: { message: 'Your card number is incomplete.' } }) },
          __state: state,
        };
      },
      confirmPayment: function (options) {
        var method = options.confirmParams.payment_method;
        window.__stripe.confirmed.push({ clientSecret: options.clientSecret, paymentMethod: method, returnUrl: options.confirmParams.return_url, redirect: options.redirect });
        var id = options.clientSecret.replace(/_secret_.*$/, '');
        return fetch('https://api.stripe.com/v1/payment_intents/' + id + '/confirm', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'payment_method=' + encodeURIComponent(method) })
          .then(function (response) { return response.json().then(function (body) { return response.ok ? { paymentIntent: body } : { error: body.error } }) });
      },
      confirmSetup: function (options) {
        var method = options.confirmParams.payment_method;
        window.__stripe.confirmed.push({ clientSecret: options.clientSecret, paymentMethod: method, returnUrl: options.confirmParams.return_url, redirect: options.redirect, setup: true });
        var id = options.clientSecret.replace(/_secret_.*$/, '');
        return fetch('https://api.stripe.com/v1/setup_intents/' + id + '/confirm', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'payment_method=' + encodeURIComponent(method) })
          .then(function (response) { return response.json().then(function (body) { return response.ok ? { setupIntent: body } : { error: body.error } }) });
      },
      createPaymentMethod: function (input) {
        var state = input.elements.__state;
        var base = state.wallet ? window.__stripeWalletCard || 'pm_card_visa' : cards[state.number];
        if (!base) return Promise.resolve({ error: { message: 'Your card number is invalid.' } });
        made += 1;
        window.__stripe.billing = input.params ? input.params.billing_details : null;
        try { sessionStorage.setItem('stripe-stub-billing', JSON.stringify(window.__stripe.billing)) } catch (error) {}
        return Promise.resolve({ paymentMethod: { id: base + '__' + made + Math.random().toString(36).slice(2, 10) } });
      },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
`
