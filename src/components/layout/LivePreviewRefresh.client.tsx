'use client'

import { useRouter } from 'next/navigation'
import { useEffect } from 'react'

/**
 * Inside the admin's live-preview frame: tells the admin the page is ready
 * and re-renders the page whenever the edited document is saved.
 */
export function LivePreviewRefresh() {
  const router = useRouter()
  useEffect(() => {
    const origin = window.location.origin
    window.parent?.postMessage({ type: 'payload-live-preview', ready: true }, origin)
    const onMessage = (event: MessageEvent) => {
      if (event.origin === origin && event.data?.type === 'payload-document-event') router.refresh()
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [router])
  return null
}
