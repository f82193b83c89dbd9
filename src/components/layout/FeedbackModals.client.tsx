'use client'

import { useEffect, useMemo, useState } from 'react'
import { Modal } from '@/components/ui/Modal.client'
import { closeFeedback, type Feedback } from '@/lib/feedback.client'

export type FeedbackTexts = Record<'errorTitle' | 'undefinedError' | 'contactPrompt' | 'contactUs' | 'close' | 'newWindow', string>

type Props = { feedback: Feedback; texts: FeedbackTexts; support: { href: string; chat: boolean } }

/** Simple HTML in a success message, with everything that could run or load removed. */
function useSanitized(html: string): string | null {
  const [clean, setClean] = useState<{ html: string; clean: string } | null>(null)
  useEffect(() => {
    let live = true
    void import('dompurify').then(({ default: purify }) => {
      if (live) setClean({ html, clean: purify.sanitize(html, { ALLOWED_TAGS: ['a', 'b', 'strong', 'em', 'i', 'br', 'p', 'ul', 'ol', 'li'], ALLOWED_ATTR: ['href'] }) })
    })
    return () => {
      live = false
    }
  }, [html])
  return clean?.html === html ? clean.clean : null
}

/**
 * The global success and error modals (spec section 3 "Global state", section 8), on the shared
 * `Modal`; loaded only when one opens. The success message may hold simple HTML, sanitized with
 * DOMPurify (loaded with it); the error modal offers support: the chat (`SUPPORT_CHAT_URL`, in a
 * new window) or an e-mail.
 */
export function FeedbackModals({ feedback, texts, support }: Props) {
  const { error, success } = feedback
  const returnFocus = useMemo(() => ({ current: feedback.returnFocus ?? null }), [feedback.returnFocus])
  const message = useSanitized(success.open ? success.message : '')
  const close = (
    <button type="button" onClick={closeFeedback} className="btn-primary w-fit px-5 py-2.5">
      {texts.close}
    </button>
  )
  return (
    <>
      <Modal open={success.open && message !== null} onClose={closeFeedback} title={success.title} message={message !== null && <div dangerouslySetInnerHTML={{ __html: message }} />} returnFocus={returnFocus} name="success">
        {close}
      </Modal>
      <Modal open={error.open} onClose={closeFeedback} role="alertdialog" title={error.title || texts.errorTitle} message={error.message || texts.undefinedError} returnFocus={returnFocus} name="error">
        <p className="text-sm text-muted">
          {texts.contactPrompt}{' '}
          <a href={support.href} className="font-medium text-brand-700 underline underline-offset-2" {...(support.chat ? { target: '_blank', rel: 'noopener' } : {})}>
            {texts.contactUs}
            {support.chat && <span className="sr-only"> ({texts.newWindow})</span>}
          </a>
        </p>
        {close}
      </Modal>
    </>
  )
}
