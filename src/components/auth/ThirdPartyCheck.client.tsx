'use client'

import { useImperativeHandle, useRef, useState, type Ref } from 'react'
import type { CaptchaChainView, CaptchaStep } from '@/services/human-check/chain'
import { captchaRunner, type CaptchaRunner } from './captcha-runner.client'
import type { HumanCheckHandle, HumanCheckTexts } from './human-check-types'
import { humanCheckBox } from './HumanCheckPlaceholder'

type Props = { view: CaptchaChainView; action: string; texts: HumanCheckTexts; describedBy?: string; ref?: Ref<HumanCheckHandle> }

/** The policies each provider's notice links to (their terms require the notice where the badge is hidden). */
const policies = {
  recaptcha: { privacy: 'https://policies.google.com/privacy', terms: 'https://policies.google.com/terms' },
  hcaptcha: { privacy: 'https://www.hcaptcha.com/privacy', terms: 'https://www.hcaptcha.com/terms' },
}

/**
 * The third-party chain in a form: in the check's place, the notice of the provider at work
 * (reCAPTCHA's, or hCaptcha's once the chain reaches it) with its policy links; the invisible
 * widgets render below it. The first step's script loads when the check is armed (the form's
 * first focus), never with the page; `solution()` runs the chain (`captchaRunner`). A failure
 * focuses this box, which the form's message under it describes.
 */
export function ThirdPartyCheck({ view, action, texts, describedBy, ref }: Props) {
  const first = view.chain.find((step): step is CaptchaStep => step !== 'altcha') ?? 'v3'
  const [step, setStep] = useState<CaptchaStep>(first)
  const box = useRef<HTMLDivElement | null>(null)
  const slot = useRef<HTMLDivElement | null>(null)
  const runner = useRef<CaptchaRunner | null>(null)

  useImperativeHandle(ref, () => {
    // Made once the widgets' slot is in the page; armed means the form was focused, so the first script starts loading now.
    const started = () => (runner.current ??= captchaRunner(view, slot.current!, action, setStep))
    started().preload()
    return {
      arm: () => started().preload(),
      solution: (from) => started().solve(from),
      renew: () => runner.current?.reset(),
      focus: () => box.current?.focus(),
    }
  }, [view, action])

  const provider = step === 'hcaptcha' ? 'hcaptcha' : 'recaptcha'
  return (
    <div className={humanCheckBox} data-human-check data-captcha={step}>
      <div ref={box} tabIndex={-1} aria-describedby={describedBy} className="rounded-md border border-line bg-white px-3 py-2 text-xs text-ink focus-visible:outline-2 focus-visible:outline-brand-600">
        <p>{provider === 'hcaptcha' ? texts.hcaptchaNotice : texts.recaptchaNotice}</p>
        <p className="mt-1 flex flex-wrap gap-x-3">
          <a className="underline" href={policies[provider].privacy} target="_blank" rel="noopener noreferrer">
            {texts.privacyLink}
          </a>
          <a className="underline" href={policies[provider].terms} target="_blank" rel="noopener noreferrer">
            {texts.termsLink}
          </a>
        </p>
      </div>
      <div ref={slot} className="h-0 overflow-hidden" />
    </div>
  )
}
