import type { Where } from 'payload'
import { z } from 'zod'
import { apiError, bodyOf, handler, HttpError, json, otherMethods } from '@/lib/http'
import { payloadClient } from '@/services/content/payload'

const body = z.object({
  form: z.union([z.coerce.number().int().positive(), z.string().min(1).max(100)]),
  answers: z
    .array(z.object({ field: z.string().min(1).max(100), value: z.string().max(5000) }))
    .min(1)
    .max(100),
})

/** Stores an answer to a survey form built in the admin (form-builder). */
export const POST = handler(async (request) => {
  const input = body.parse(await bodyOf(request))
  const payload = await payloadClient()
  const where: Where = typeof input.form === 'number' ? { id: { equals: input.form } } : { title: { equals: input.form } }
  const form = (await payload.find({ collection: 'forms', where, limit: 1, depth: 0 })).docs[0]
  if (!form) throw apiError('NOT_FOUND')
  const known = new Map((form.fields ?? []).flatMap((f) => ('name' in f && f.name ? [[f.name, f] as const] : [])))
  for (const field of known.values()) {
    if ('required' in field && field.required && !input.answers.some((a) => a.field === field.name && a.value.trim())) {
      throw new HttpError(400, `${field.name}: Field is required`, 'REQUIRED')
    }
  }
  const answers = input.answers.filter((a) => known.has(a.field))
  const submission = await payload.create({ collection: 'form-submissions', data: { form: form.id, submissionData: answers } })
  return json({ id: submission.id, ok: true }, { status: 201 })
})

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST')
