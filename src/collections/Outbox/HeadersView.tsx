'use client'
import { useField } from '@payloadcms/ui'

/** The stored headers as read-only text (Payload's JSON editor would load from a CDN). */
export function HeadersView({ path }: { path: string }) {
  const { value } = useField<Record<string, unknown> | null>({ path })
  return (
    <div className="field-type" style={{ marginBottom: 'var(--base)' }}>
      <span className="field-label">Headers</span>
      <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', padding: '12px', background: 'var(--theme-elevation-50)', borderRadius: '4px' }}>
        {value ? JSON.stringify(value, null, 2) : '—'}
      </pre>
    </div>
  )
}
