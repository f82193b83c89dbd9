import type { GlobalAfterChangeHook } from 'payload'
import { announceContentChange } from '@/services/content/changes'
import { revalidateAll } from '@/services/content/revalidate'

/** After a global that many pages show is saved: every cached page is dropped, on every instance. */
export const refreshAllPages: GlobalAfterChangeHook = async ({ doc, context, req }) => {
  if (!context.disableRevalidate) revalidateAll()
  await announceContentChange(req, { all: true })
  return doc
}
