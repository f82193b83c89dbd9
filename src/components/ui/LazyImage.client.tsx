'use client'

import { useEffect, useRef, useState } from 'react'

/** Spec sections 4 and 9: up to 3 attempts per image; loaded images remembered (at most 200). */
export const MAX_ATTEMPTS = 3
export const LOADED_CACHE_SIZE = 200

const loaded = new Set<string>()

function remember(src: string) {
  loaded.delete(src)
  loaded.add(src)
  if (loaded.size > LOADED_CACHE_SIZE) loaded.delete(loaded.values().next().value!)
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
 * A lazily loaded image with the states loading → loaded or error. A failed
 * load is retried (up to three attempts in all); an image already loaded on
 * this visit shows at once.
 */
export function LazyImage({ src, webp, alt, width, height, className = '', eager = false }: Props) {
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
    if (!img?.complete || state !== 'loading') return
    if (img.naturalWidth > 0) onLoad()
    else onError()
    // Only the first paint can miss the events; later loads report themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  if (state === 'error') {
    return (
      <span role="img" aria-label={alt} data-state="error" className={`flex items-center justify-center rounded-2xl bg-surface p-6 text-sm text-muted ${className}`}>
        {alt}
      </span>
    )
  }
  return (
    <picture>
      {webp && <source srcSet={retrySrc(webp)} type="image/webp" />}
      <img
        src={retrySrc(src)}
        alt={alt}
        width={width}
        height={height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        data-state={state}
        data-orientation={vertical ? 'vertical' : 'horizontal'}
        ref={ref}
        onLoad={onLoad}
        onError={onError}
        className={`${vertical ? 'mx-auto max-h-[36rem] w-auto' : 'h-auto w-full'} rounded-2xl transition-opacity ${state === 'loading' ? 'opacity-90' : 'opacity-100'} ${className}`}
      />
    </picture>
  )
}
