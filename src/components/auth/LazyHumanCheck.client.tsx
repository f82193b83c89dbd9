'use client'

import { lazy, Suspense, useId, useImperativeHandle, useState, type Ref } from 'react'
import { deferredCheck } from './deferred-handle.client'
import type { HumanCheckHandle, HumanCheckTexts } from './human-check-types'
import { HumanCheckPlaceholder, humanCheckBox } from './HumanCheckPlaceholder'

type Props = { locale: string; texts: HumanCheckTexts; action: string; invalid?: boolean; describedBy?: string; ref?: Ref<HumanCheckHandle> }

const loadCheck = () => import('./HumanCheck.client')
/** If its code cannot load, the placeholder stays and `solution()` answers null (the form says the check failed). */
const HumanCheck = lazy(async (): Promise<{ default: typeof import('./HumanCheck.client').HumanCheck }> => {
  try {
    return { default: (await loadCheck()).HumanCheck }
  } catch {
    return { default: Unavailable }
  }
})

function Unavailable({ texts, ref }: Props) {
  useImperativeHandle(ref, () => ({ arm: () => undefined, solution: () => Promise.resolve(null), renew: () => undefined, focus: () => undefined }))
  return <HumanCheckPlaceholder label={texts.label} />
}

/**
 * `HumanCheck` with its code kept out of the page's first load: a placeholder of the same size
 * until the form's first focus (`arm()`) or a submit (`solution()`), then the check itself, which
 * starts at once. The handle is `HumanCheck`'s: calls made before the check has mounted wait for it.
 */
export function LazyHumanCheck({ ref, ...props }: Props) {
  const [armed, setArmed] = useState(false)
  const placeholderId = useId()
  const [{ attach, handle }] = useState(() => deferredCheck(() => setArmed(true), () => document.getElementById(placeholderId)?.focus()))

  useImperativeHandle(ref, () => handle, [handle])

  const placeholder = (
    <div id={placeholderId} tabIndex={-1} className={`${humanCheckBox} outline-none`} data-human-check>
      <HumanCheckPlaceholder label={props.texts.label} />
    </div>
  )
  if (!armed) return placeholder
  return (
    <Suspense fallback={placeholder}>
      <HumanCheck ref={attach} armed {...props} />
    </Suspense>
  )
}
