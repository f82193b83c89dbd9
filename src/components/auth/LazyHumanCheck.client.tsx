'use client'

import { lazy, Suspense, useImperativeHandle, useRef, useState, type Ref } from 'react'
import type { HumanCheckHandle, HumanCheckTexts } from './HumanCheck.client'
import { HumanCheckPlaceholder, humanCheckBox } from './HumanCheckPlaceholder'

type Props = { locale: string; texts: HumanCheckTexts; invalid?: boolean; describedBy?: string; ref?: Ref<HumanCheckHandle> }

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
 * starts solving at once. The handle is `HumanCheck`'s: calls made before the check has mounted
 * wait for it.
 */
export function LazyHumanCheck({ ref, ...props }: Props) {
  const [armed, setArmed] = useState(false)
  const inner = useRef<HumanCheckHandle | null>(null)
  const waiting = useRef<Array<(handle: HumanCheckHandle) => void>>([])
  const box = useRef<HTMLDivElement | null>(null)

  const mounted = () => {
    if (inner.current) return Promise.resolve(inner.current)
    setArmed(true)
    return new Promise<HumanCheckHandle>((resolve) => waiting.current.push(resolve))
  }
  const attach = (handle: HumanCheckHandle | null) => {
    inner.current = handle
    if (!handle) return
    const ready = waiting.current
    waiting.current = []
    for (const resolve of ready) resolve(handle)
  }

  useImperativeHandle(ref, () => ({
    arm: () => setArmed(true),
    solution: async () => (await mounted()).solution(),
    renew: () => inner.current?.renew(),
    focus: () => (inner.current ? inner.current.focus() : box.current?.focus()),
  }))

  const placeholder = (
    <div ref={box} tabIndex={-1} className={`${humanCheckBox} outline-none`} data-human-check>
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
