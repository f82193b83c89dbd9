'use client'

import { useEffect, useRef, useState } from 'react'

/** Spec sections 4 and 9: up to 3 attempts per image; loaded images remembered (at most 200). */
export const MAX_ATTEMPTS = 3
export const LOADED_CACHE_SIZE = 200
/** Spec section 9: an image starts loading once within 1.3 viewport heights, checked at most every 200 ms. */
export const PRELOAD_FACTOR = 1.3
export const CHECK_THROTTLE_MS = 200

const loaded = new Set<string>()

function remember(src: string) {
  loaded.delete(src)
  loaded.add(src)
  if (loaded.size > LOADED_CACHE_SIZE) loaded.delete(loaded.values().next().value!)
}

// One observer for every image of the page: its root margin is the preload factor, and what it
// reports is taken at most every 200 ms (a fast scroll past many images starts only those still near).
const waiting = new Map<Element, () => void>()
const reported = new Map<Element, boolean>()
let observer: IntersectionObserver | null = null
let timer: number | null = null
let lastCheck = -Infinity

function check() {
  timer = null
  lastCheck = performance.now()
  for (const [element, near] of reported) {
    if (!near) continue
    const start = waiting.get(element)
    unwatch(element)
    start?.()
  }
  reported.clear()
}

function watch(element: Element, start: () => void): () => void {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) reported.set(entry.target, entry.isIntersecting)
      timer ??= window.setTimeout(check, Math.max(0, lastCheck + CHECK_THROTTLE_MS - performance.now()))
    },
    { rootMargin: `${PRELOAD_FACTOR * 100}% 0px` },
  )
  waiting.set(element, start)
  observer.observe(element)
  return () => unwatch(element)
}

function unwatch(element: Element) {
  waiting.delete(element)
  reported.delete(element)
  observer?.unobserve(element)
}

type Props = {
  src: string
  webp?: string | null
  alt: string
  width?: number
  height?: number
  className?: string
  eager?: boolean
}

/**
 * A lazily loaded image with the states waiting → loading → loaded or error. It has no source until
 * it comes within 1.3 viewport heights of the visible part of the page (a browser without
 * JavaScript gets the `<noscript>` copy). A failed load is retried (up to three attempts in all);
 * an image already loaded on this visit shows at once.
 */
export function LazyImage({ src, webp, alt, width, height, className = '', eager = false }: Props) {
  const [near, setNear] = useState(() => eager || loaded.has(src))
  const [attempt, setAttempt] = useState(1)
  const [state, setState] = useState<'loading' | 'loaded' | 'error'>(() => (loaded.has(src) ? 'loaded' : 'loading'))
  const retrySrc = (url: string) => (attempt === 1 ? url : `${url}${url.includes('?') ? '&' : '?'}attempt=${attempt}`)
  const vertical = Boolean(width && height && width < height)
  const ref = useRef<HTMLImageElement>(null)
  const onLoad = () => {
    remember(src)
    setState('loaded')
  }
  const onError = () => (attempt < MAX_ATTEMPTS ? setAttempt(attempt + 1) : setState('error'))

  // The server-rendered image may finish (or fail) before React attaches its handlers.
  useEffect(() => {
    const img = ref.current
    if (!near || !img?.complete || state !== 'loading') return
    if (img.naturalWidth > 0) onLoad()
    else onError()
    // Only the first paint can miss the events; later loads report themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => {
    const img = ref.current
    if (near || !img) return
    return watch(img, () => setNear(true))
  }, [near])

  if (state === 'error') {
    return (
      <span role="img" aria-label={alt} data-state="error" className={`flex items-center justify-center rounded-2xl bg-surface p-6 text-sm text-muted ${className}`}>
        {alt}
      </span>
    )
  }
  const look = `${vertical ? 'mx-auto max-h-[36rem] w-auto' : 'h-auto w-full'} rounded-2xl ${className}`
  return (
    <>
      <picture>
        {near && webp && <source srcSet={retrySrc(webp)} type="image/webp" />}
        <img
          src={near ? retrySrc(src) : undefined}
          alt={alt}
          width={width}
          height={height}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          data-state={near ? state : 'waiting'}
          data-orientation={vertical ? 'vertical' : 'horizontal'}
          ref={ref}
          onLoad={onLoad}
          onError={onError}
          className={`${look} transition-opacity ${!near ? 'opacity-0' : state === 'loading' ? 'opacity-90' : 'opacity-100'}`}
        />
      </picture>
      {!near && (
        <noscript>
          {/* eslint-disable-next-line @next/next/no-img-element -- the same image for a browser without JavaScript */}
          <img src={src} alt={alt} width={width} height={height} className={look} />
        </noscript>
      )}
    </>
  )
}
