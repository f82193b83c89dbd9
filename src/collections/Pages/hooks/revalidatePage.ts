import type { CollectionAfterDeleteHook } from 'payload'
import { revalidateContentPath } from '@/services/content/revalidate'
import { revalidateDocument } from '../../revalidate'

/** A page edit in one locale can change every locale that falls back to it, so all are refreshed. */
export const revalidatePage = revalidateDocument((doc) => [doc.path])

export const revalidatePageDelete: CollectionAfterDeleteHook = ({ doc, context }) => {
  if (!context.disableRevalidate && doc?.path) revalidateContentPath(doc.path)
  return doc
}
