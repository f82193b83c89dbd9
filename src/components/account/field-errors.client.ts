'use client'

import { useEffect, useRef, useState } from 'react'

/**
 * Errors under the fields of a settings form: `show()` sets them and moves the focus to the first
 * one in `order`; messages come from the catalogue by code (`undefinedError` for anything else).
 */
export function useFieldErrors<F extends string>(order: readonly F[], messages: Record<string, string>) {
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({})
  const [focusField, setFocusField] = useState<{ field: F } | null>(null)
  const fields = useRef<Partial<Record<F, HTMLInputElement | null>>>({})

  useEffect(() => {
    if (focusField) fields.current[focusField.field]?.focus()
  }, [focusField])

  const messageOf = (code: string | undefined) => (code && messages[code]) || messages.undefinedError || ''
  const show = (found: Partial<Record<F, string>>) => {
    setErrors(found)
    const first = order.find((field) => found[field])
    if (first) setFocusField({ field: first })
    return Boolean(first)
  }
  /** A schema's issues as field errors, the first one of each field. */
  const fromIssues = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) => {
    const found: Partial<Record<F, string>> = {}
    for (const issue of issues) found[issue.path[0] as F] ??= messageOf(issue.message)
    return found
  }
  const register = (field: F) => (element: HTMLInputElement | null) => {
    fields.current[field] = element
  }
  return { errors, setErrors, show, messageOf, fromIssues, register }
}
