'use client'

import { useEffect } from 'react'

/**
 * Marks the document `<html data-hydrated>` once React has taken the page over. The page's scripts
 * load after its first paint (`scripts/lib/after-paint.mjs`), so until then only plain HTML (links,
 * forms, the cookie notice's own script) responds; styles and the end-to-end tests can tell.
 */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.setAttribute('data-hydrated', '')
  }, [])
  return null
}
