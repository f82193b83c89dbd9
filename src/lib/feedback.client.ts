'use client'

import { useSyncExternalStore } from 'react'

/**
 * The site's global feedback (spec section 3, "Global state"): `error { open, message }`,
 * `success { open, message, title }` and `isLoading`. Any island calls `showSuccess`, `showError`
 * or `setLoading`; the site-behaviours island in the locale layout shows the modals and the loader.
 */
export type Feedback = {
  error: { open: boolean; message: string; title?: string }
  success: { open: boolean; title: string; message: string }
  isLoading: boolean
  /** Where the focus goes when the modal closes (the element that opened it otherwise). */
  returnFocus?: HTMLElement | null
}

type Options = { returnFocus?: HTMLElement | null }

const closed: Feedback = { error: { open: false, message: '' }, success: { open: false, title: '', message: '' }, isLoading: false }
let state: Feedback = closed
const listeners = new Set<() => void>()

const set = (next: Feedback) => {
  state = next
  for (const listener of listeners) listener()
}

export const feedbackState = (): Feedback => state

export function subscribeFeedback(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The success modal: a title and a message, which may hold simple HTML (sanitized before it shows). */
export function showSuccess(title: string, message: string, options: Options = {}): void {
  set({ ...state, error: closed.error, success: { open: true, title, message }, returnFocus: options.returnFocus })
}

/** The general error modal (an alert dialog with a contact-us link); without a message it says the catalogue's `undefinedError`. */
export function showError(message = '', options: Options & { title?: string } = {}): void {
  set({ ...state, success: closed.success, error: { open: true, message, title: options.title }, returnFocus: options.returnFocus })
}

export function closeFeedback(): void {
  set({ ...state, error: closed.error, success: closed.success })
}

export function setLoading(isLoading: boolean): void {
  if (state.isLoading !== isLoading) set({ ...state, isLoading })
}

export function useFeedback(): Feedback {
  return useSyncExternalStore(subscribeFeedback, feedbackState, () => closed)
}
