'use client'

import { useId, useSyncExternalStore } from 'react'
import { CopyButton } from '@/components/ui/CopyButton'
import { accountKey, restoreAccount } from '@/services/purchase-flow/checkout-storage'

export type OneTimeAccountTexts = Record<'title' | 'save' | 'numberLabel' | 'secretLabel' | 'copyNumber' | 'copySecret' | 'copy' | 'copied' | 'download' | 'signIn', string>

/**
 * The number and secret of an account bought without an e-mail, on the paid order's success page:
 * read from this tab's storage (checkout kept them under the order's hash), shown once with a
 * copy button each and "Download as text", and deleted from storage at once, so a reload shows
 * the order without them. Nothing here talks to the server.
 */
type Account = { number: string; secret: string }

/** What this page took from the tab's storage, per order: read and deleted once, then the same object for every render. */
const taken = new Map<string, Account | null>()
function take(hash: string): Account | null {
  if (!taken.has(hash)) {
    const key = accountKey(hash)
    let raw: string | null = null
    try {
      raw = sessionStorage.getItem(key)
      sessionStorage.removeItem(key)
    } catch {
      // Storage refused: there is nothing to show.
    }
    taken.set(hash, restoreAccount(raw))
  }
  return taken.get(hash) ?? null
}
const unchanging = () => () => {}

export function OneTimeAccount({ hash, texts, signInUrl }: { hash: string; texts: OneTimeAccountTexts; signInUrl: string }) {
  const ids = useId()
  // The server has no tab storage: it renders nothing, and the browser shows what it took.
  const account = useSyncExternalStore(unchanging, () => take(hash), () => null)

  if (!account) return null

  const download = () => {
    const text = [texts.title, '', `${texts.numberLabel}: ${account.number}`, `${texts.secretLabel}: ${account.secret}`, '', texts.signIn.replace('{url}', signInUrl), ''].join('\n')
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }))
    const link = document.createElement('a')
    link.href = url
    link.download = `veilgate-account-${account.number.replace(/ /g, '')}.txt`
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000)
  }

  const row = (id: string, label: string, value: string, copyLabel: string, attribute: string) => (
    <div className="grid gap-1">
      <dt className="text-sm font-medium text-muted">{label}</dt>
      <dd className="flex flex-wrap items-center gap-3">
        {/* Digits and base32 read left to right in every language. */}
        <code id={id} dir="ltr" className="rounded-md bg-surface px-3 py-1.5 font-mono text-lg font-semibold tracking-wide" {...{ [attribute]: '' }}>
          {value}
        </code>
        <CopyButton target={id} label={copyLabel} text={texts.copy} copied={texts.copied} />
      </dd>
    </div>
  )

  return (
    <section aria-labelledby={`${ids}-title`} className="mt-6 grid gap-4 rounded-xl border-2 border-brand-600 p-6" data-one-time-account>
      <h2 id={`${ids}-title`} className="text-xl font-bold">
        {texts.title}
      </h2>
      <p className="font-medium" data-one-time-warning>
        {texts.save}
      </p>
      <dl className="grid gap-3">
        {row(`${ids}-number`, texts.numberLabel, account.number, texts.copyNumber, 'data-account-number')}
        {row(`${ids}-secret`, texts.secretLabel, account.secret, texts.copySecret, 'data-account-secret')}
      </dl>
      <button type="button" onClick={download} className="w-fit rounded-md border border-line px-4 py-2 font-semibold" data-download-account>
        {texts.download}
      </button>
    </section>
  )
}
