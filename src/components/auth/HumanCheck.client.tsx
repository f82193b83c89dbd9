'use client'

import { useEffect, useId, useImperativeHandle, useState, type Ref } from 'react'
import { apiFetch } from '@/lib/session.client'
import type { CaptchaChainView } from '@/services/human-check/chain'
import { AltchaCheck } from './AltchaCheck.client'
import { deferredCheck } from './deferred-handle.client'
import type { HumanCheckHandle, HumanCheckTexts } from './human-check-types'
import { HumanCheckPlaceholder, humanCheckBox } from './HumanCheckPlaceholder'
import { ThirdPartyCheck } from './ThirdPartyCheck.client'

export type { HumanCheckHandle, HumanCheckTexts, HumanProof } from './human-check-types'

type Props = {
  locale: string
  texts: HumanCheckTexts
  /** The form's action, as the server checks it in reCAPTCHA v3's answer: `register`, `fastlogin`, `subscribe`. */
  action: string
  invalid?: boolean
  describedBy?: string
  /** Starts as soon as it mounts (for forms that load the check on their first focus). */
  armed?: boolean
  ref?: Ref<HumanCheckHandle>
}

const altchaOnly: CaptchaChainView = { chain: ['altcha'], siteKeys: {}, scripts: {} }
let chainRead: Promise<CaptchaChainView> | null = null
/** The site's chain, read once per page when a check is armed (the cached page carries no keys); unreadable: ALTCHA. */
const readChain = () => {
  chainRead ??= apiFetch<CaptchaChainView>('/api/veilgate/captcha/chain/').catch(() => {
    chainRead = null
    return altchaOnly
  })
  return chainRead
}

/**
 * The human check as forms show it. Until armed (the form's first focus, or a submit) a
 * placeholder holds its place; then the site's chain is read: without captcha keys the
 * self-hosted ALTCHA widget (`AltchaCheck`), else the third-party chain (`ThirdPartyCheck`:
 * reCAPTCHA v3 → v2 invisible → hCaptcha, or hCaptcha alone on a mirror) with its provider's
 * notice. Either hands `solution()` a proof `{ inrecaptcha, version }`.
 */
export function HumanCheck({ action, armed: armedAtMount = false, ref, ...props }: Props) {
  const [armed, setArmed] = useState(armedAtMount)
  const [view, setView] = useState<CaptchaChainView | null>(null)
  const placeholderId = useId()
  const [{ attach, handle }] = useState(() => deferredCheck(() => setArmed(true), () => document.getElementById(placeholderId)?.focus()))

  useEffect(() => {
    if (!armed) return
    let cancelled = false
    void readChain().then((found) => {
      if (!cancelled) setView(found)
    })
    return () => {
      cancelled = true
    }
  }, [armed])

  useImperativeHandle(ref, () => handle, [handle])

  if (!view)
    return (
      <div id={placeholderId} tabIndex={-1} className={`${humanCheckBox} outline-none`} data-human-check>
        <HumanCheckPlaceholder label={props.texts.label} />
      </div>
    )
  if (view.chain[0] === 'altcha') return <AltchaCheck ref={attach} armed {...props} />
  return <ThirdPartyCheck ref={attach} view={view} action={action} texts={props.texts} describedBy={props.describedBy} />
}
