'use client'
import { useFormFields } from '@payloadcms/ui'

/** The message's HTML as the recipient sees it, in a frame that runs no script and reaches nothing. */
export function HtmlPreview() {
  const html = useFormFields(([fields]) => fields.html?.value)
  const subject = useFormFields(([fields]) => fields.subject?.value)
  if (typeof html !== 'string' || !html) return null
  return (
    <div className="field-type" style={{ marginBottom: 'var(--base)' }}>
      <span className="field-label">Rendered message</span>
      <iframe
        title={`Rendered message: ${typeof subject === 'string' ? subject : ''}`}
        sandbox=""
        referrerPolicy="no-referrer"
        srcDoc={html}
        style={{ width: '100%', height: '560px', border: '1px solid var(--theme-elevation-150)', borderRadius: '4px', background: '#fff' }}
      />
    </div>
  )
}
