import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'
import { revalidateContentPath } from '@/services/content/revalidate'

/** A page edit in one locale can change every locale that falls back to it, so all are refreshed. */
export const revalidatePage: CollectionAfterChangeHook = ({ doc, previousDoc, context }) => {
  if (context.disableRevalidate) return doc
  revalidateContentPath(doc.path)
  if (previousDoc?.path && previousDoc.path !== doc.path) revalidateContentPath(previousDoc.path)
  return doc
}

export const revalidatePageDelete: CollectionAfterDeleteHook = ({ doc, context }) => {
  if (!context.disableRevalidate && doc?.path) revalidateContentPath(doc.path)
  return doc
}
