'use client'
// Under an amount field in the admin: the field's own description, and the cents typed as money.
import type { FieldDescriptionClientProps } from 'payload'
import { useField } from '@payloadcms/ui'
import { formatCents } from '@/lib/money'

export function MoneyDescription({ path, description, field }: FieldDescriptionClientProps) {
  const { value } = useField<number | null>({ path })
  const own = (field as { admin?: { description?: unknown } } | undefined)?.admin?.description
  const text = typeof description === 'string' ? description : typeof own === 'string' ? own : 'In US cents'
  return (
    <div className="field-description" data-money-description>
      {text}
      {typeof value === 'number' && Number.isFinite(value) ? ` = ${formatCents(value)}` : ''}
    </div>
  )
}
