'use client'

import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react'

type Props = {
  /** Shown while true; the dialog closes itself on Escape and then calls `onClose`. */
  open: boolean
  onClose: () => void
  title: ReactNode
  /** What the dialog says, in a live region that also describes it. */
  message?: ReactNode
  /** `alertdialog` for errors: screen readers announce it as an alert. */
  role?: 'dialog' | 'alertdialog'
  /** Where the focus goes on opening; the first focusable element otherwise. */
  initialFocus?: RefObject<HTMLElement | null>
  /** Where the focus goes on closing; the element that had it when the dialog opened otherwise. */
  returnFocus?: RefObject<HTMLElement | null>
  children?: ReactNode
  /** Marks the dialog for tests and styles (`data-modal="…"`). */
  name?: string
}

const focusable = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

const focusableIn = (element: HTMLElement) => Array.from(element.querySelectorAll<HTMLElement>(focusable)).filter((node) => node.offsetParent !== null || node === document.activeElement)

/**
 * The site's one modal dialog: a native `<dialog>` opened with `showModal()` (the page behind is
 * inert), labelled by its title and described by its message, which sits in an `aria-live`
 * region. Tab and Shift+Tab stay inside; Escape closes; on closing, the focus goes back to the
 * element that opened it (or to `returnFocus`).
 */
export function Modal({ open, onClose, title, message, role = 'dialog', initialFocus, returnFocus, children, name }: Props) {
  const ids = useId()
  const dialog = useRef<HTMLDialogElement | null>(null)
  const opener = useRef<HTMLElement | null>(null)

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) {
      const active = document.activeElement
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null
      element.showModal()
      ;(initialFocus?.current ?? focusableIn(element)[0] ?? element).focus()
    } else if (!open && element.open) element.close()
  }, [open, initialFocus])

  const closed = () => {
    const target = returnFocus?.current ?? opener.current
    opener.current = null
    if (target?.isConnected) target.focus()
    onClose()
  }

  /** Tab from the last element goes to the first, Shift+Tab from the first to the last. */
  const holdFocus = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !dialog.current) return
    const nodes = focusableIn(dialog.current)
    const first = nodes[0]
    const last = nodes.at(-1)
    if (!first || !last) return
    if (event.shiftKey && (document.activeElement === first || document.activeElement === dialog.current)) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }

  return (
    <dialog
      ref={dialog}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={`${ids}-title`}
      aria-describedby={message ? `${ids}-message` : undefined}
      onClose={closed}
      onKeyDown={holdFocus}
      data-modal={name}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 text-start text-ink shadow-xl backdrop:bg-black/40"
    >
      {open && (
        <div className="grid gap-4">
          <h2 id={`${ids}-title`} className="text-xl font-bold">
            {title}
          </h2>
          <div id={`${ids}-message`} aria-live="polite" className="empty:hidden">
            {message}
          </div>
          {children}
        </div>
      )}
    </dialog>
  )
}
