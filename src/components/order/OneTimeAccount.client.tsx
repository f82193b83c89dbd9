'use client'

import { useId } from 'react'
import { CopyButton } from '@/components/ui/CopyButton'

export type OneTimeAccountTexts = Record<'title' | 'save' | 'numberLabel' | 'secretLabel' | 'copyNumber' | 'copySecret' | 'copy' | 'copied' | 'download' | 'signIn', string>

/**
 * The box with the number and secret of an account bought without an e-mail, on the paid order's
 * success page: a labelled region, a copy button each and "Download as text" (a `.txt` made in
 * the browser). `OneTimeAccountLoader` reads them from the tab and loads this code only then.
 */
export function OneTimeAccount({ account, texts, signInUrl }: { account: { number: string; secret: string }; texts: OneTimeAccountTexts; signInUrl: string }) {
  const ids = useId()

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
