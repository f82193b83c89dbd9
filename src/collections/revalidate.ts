import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'
import { revalidateAll, revalidateContentPath } from '@/services/content/revalidate'

/** Refreshes the rendered pages a document appears on, in every locale. */
export function revalidateDocument(paths: (doc: Record<string, string>) => (string | undefined)[]): CollectionAfterChangeHook {
  return ({ doc, previousDoc, context }) => {
    if (context.disableRevalidate) return doc
    for (const path of new Set([...paths(doc), ...(previousDoc ? paths(previousDoc) : [])])) {
      if (path) revalidateContentPath(path)
    }
    return doc
  }
}

/** The same paths refreshed when the document is deleted: its own page goes, listings drop it. */
export function revalidateDeleted(paths: (doc: Record<string, string>) => (string | undefined)[]): CollectionAfterDeleteHook {
  return ({ doc, context }) => {
    if (context.disableRevalidate) return doc
    for (const path of new Set(paths(doc))) if (path) revalidateContentPath(path)
    return doc
  }
}

/** Data shown on many pages (prices, server lists): drop every rendered page. */
export const revalidateEverything: CollectionAfterChangeHook = ({ doc, context }) => {
  if (!context.disableRevalidate) revalidateAll()
  return doc
}
