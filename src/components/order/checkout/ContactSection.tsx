// Contact and account: the e-mail (or the signed-in account, or the order's masked address), a password and the terms, signing in, consent.
import { logout } from '@/lib/session.client'
import { TextField } from './TextField'
import type { CheckoutState } from './useCheckout'

export function ContactSection({ c }: { c: CheckoutState }) {
  const { texts, ids, errors, fromOrder, account } = c
  return (
    <div className="grid gap-3">
      {fromOrder ? (
        <p data-order-email>{texts.receiptTo.replace('{email}', fromOrder.maskedEmail)}</p>
      ) : account ? (
        <div className="flex flex-wrap items-center gap-3" data-account>
          <span>{texts.signedInAs.replace('{email}', account.email)}</span>
          <button type="button" onClick={() => void logout()} className="text-sm font-medium underline">
            {texts.signOut}
          </button>
        </div>
      ) : (
        <>
          <TextField c={c} field="email" label={texts.emailLabel} value={c.email} onChange={c.setEmail} autoComplete="email" inputMode="email" type="email" />
          {c.signInOpen ? (
            <div className="grid gap-2" data-sign-in>
              <TextField c={c} field="signIn" label={texts.passwordLabel} value={c.signInPassword} onChange={c.setSignInPassword} autoComplete="current-password" type="password" onEnter={() => void c.signIn()} />
              <button type="button" aria-disabled={c.signingIn ? true : undefined} onClick={() => void c.signIn()} className="w-fit rounded-md border border-brand-600 px-4 py-2 font-semibold text-brand-700 aria-disabled:opacity-60">
                {texts.signIn}
              </button>
            </div>
          ) : (
            <>
              <TextField c={c} field="password" label={texts.passwordLabel} value={c.password} onChange={c.setPassword} autoComplete="new-password" type="password" help={texts.passwordHint} />
              <div className="grid gap-1">
                <label className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={c.terms}
                    ref={c.register('terms')}
                    aria-invalid={errors.terms ? true : undefined}
                    aria-describedby={errors.terms ? `${ids}-terms-error` : undefined}
                    onChange={(event) => {
                      c.setTerms(event.target.checked)
                      if (event.target.checked) c.setError('terms', undefined)
                    }}
                    className="mt-1 size-4"
                  />
                  <span>{texts.termsLabel}</span>
                </label>
                {errors.terms && (
                  <p id={`${ids}-terms-error`} className="text-sm text-red-700">
                    {errors.terms}
                  </p>
                )}
              </div>
              <button
                type="button"
                onClick={() => {
                  c.setSignInOpen(true)
                  c.setFocusField('signIn')
                }}
                className="w-fit text-sm font-medium underline"
              >
                {texts.signInToggle}
              </button>
            </>
          )}
        </>
      )}
      {!fromOrder && (
        <>
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" checked={c.consent} onChange={(event) => c.setConsent(event.target.checked)} className="mt-1 size-4" />
            <span>{texts.marketingConsent}</span>
          </label>
          <p className="text-sm text-muted">{texts.noSpam}</p>
        </>
      )}
    </div>
  )
}
