'use client'

import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react'
import { renewSolution, solveOnce, type WidgetState } from './altcha-solve'
import type { HumanCheckHandle, HumanCheckTexts } from './human-check-types'
import { HumanCheckPlaceholder, humanCheckBox } from './HumanCheckPlaceholder'

type Props = {
  locale: string
  texts: HumanCheckTexts
  invalid?: boolean
  describedBy?: string
  /** Starts solving as soon as it mounts (for forms that load the check on their first focus). */
  armed?: boolean
  ref?: Ref<HumanCheckHandle>
}

type AltchaElement = HTMLElement & { verify: () => Promise<unknown>; reset: () => void; getState: () => WidgetState }
type AltchaGlobal = { i18n: { get: (language: string) => Record<string, string> | undefined; set: (language: string, strings: Record<string, string>) => void } }

const CHALLENGE_URL = '/api/veilgate/captcha/challenge/'

let loading: Promise<unknown> | null = null
/** The widget's script (and its worker), fetched once, on the first focus of a form that needs it. */
const loadWidget = () => {
  loading ??= import('altcha').catch((error: unknown) => {
    loading = null
    throw error
  })
  return loading
}

/**
 * ALTCHA as forms show it (the chain without captcha keys): the self-hosted widget, its own labelled checkbox
 * ("I'm not a robot") in the visitor's language. Until the form is first focused a placeholder of
 * the same size holds its place, so nothing shifts; then the widget loads and solves its
 * challenge at once, and `solution()` hands the token to a submit, waiting for it if need be.
 */
export function AltchaCheck({ locale, texts, invalid, describedBy, armed: armedAtMount = false, ref }: Props) {
  const [armed, setArmed] = useState(armedAtMount)
  const [ready, setReady] = useState(false)
  const host = useRef<HTMLDivElement | null>(null)
  const widget = useRef<AltchaElement | null>(null)
  const token = useRef<string | null>(null)
  const waiters = useRef<Array<(token: string | null) => void>>([])

  const settle = (value: string | null) => {
    const waiting = waiters.current
    waiters.current = []
    for (const resolve of waiting) resolve(value)
  }

  useEffect(() => {
    if (!armed) return
    let cancelled = false
    loadWidget()
      .then(() => {
        if (cancelled) return
        const altcha = (globalThis as unknown as { $altcha: AltchaGlobal }).$altcha
        altcha.i18n.set(locale, { ...altcha.i18n.get('en'), ...texts })
        setReady(true)
      })
      .catch(() => {
        if (!cancelled) settle(null)
      })
    return () => {
      cancelled = true
    }
  }, [armed, locale, texts])

  useEffect(() => {
    if (!ready || !host.current) return
    const element = document.createElement('altcha-widget') as AltchaElement
    element.setAttribute('challenge', CHALLENGE_URL)
    element.setAttribute('language', locale)
    element.setAttribute('name', 'altcha')
    element.setAttribute('auto', 'off')
    element.setAttribute('configuration', JSON.stringify({ hideFooter: true, hideLogo: true, minDuration: 0 }))
    const onState = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: WidgetState; payload?: string }>).detail
      if (state === 'verified' && payload) {
        token.current = payload
        settle(payload)
      } else if (state === 'expired') {
        token.current = null
        // A submit that was waiting gets a fresh token rather than an expired one.
        if (waiters.current.length) solveOnce(element)
      } else if (state === 'error') {
        token.current = null
        settle(null)
      } else if (state === 'verifying' || state === 'unverified') {
        token.current = null
      }
    }
    element.addEventListener('statechange', onState)
    host.current.appendChild(element)
    widget.current = element
    // The element upgrades on the next tick; solving starts as soon as it can.
    const start = window.setTimeout(() => solveOnce(element), 0)
    return () => {
      window.clearTimeout(start)
      element.removeEventListener('statechange', onState)
      element.remove()
      widget.current = null
    }
  }, [ready, locale])

  // A refusal is told under the check: its checkbox points at the message.
  useEffect(() => {
    const box = widget.current?.querySelector<HTMLInputElement>('input[type="checkbox"]')
    if (!box) return
    if (describedBy) box.setAttribute('aria-describedby', describedBy)
    else box.removeAttribute('aria-describedby')
    if (invalid) box.setAttribute('aria-invalid', 'true')
    else box.removeAttribute('aria-invalid')
  })

  useImperativeHandle(ref, () => ({
    arm: () => setArmed(true),
    solution: async () => {
      const proof = (inrecaptcha: string | null) => (inrecaptcha ? { inrecaptcha, version: 'altcha' as const } : null)
      if (token.current) return proof(token.current)
      setArmed(true)
      if (widget.current) solveOnce(widget.current)
      return proof(await new Promise<string | null>((resolve) => waiters.current.push(resolve)))
    },
    renew: () => {
      token.current = null
      if (widget.current) renewSolution(widget.current)
    },
    focus: () => {
      const box = widget.current?.querySelector<HTMLInputElement>('input[type="checkbox"]')
      ;(box ?? host.current)?.focus()
    },
  }))

  return (
    <div className={humanCheckBox} data-human-check>
      <div ref={host} tabIndex={ready ? undefined : -1} className="outline-none">
        {!ready && <HumanCheckPlaceholder label={texts.label} />}
      </div>
    </div>
  )
}
