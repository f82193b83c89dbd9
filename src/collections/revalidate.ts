import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'
import { announceContentChange } from '@/services/content/changes'
import { revalidateAll, revalidateContentPath } from '@/services/content/revalidate'

/**
 * Refreshes the rendered pages a document appears on, in every locale, and announces the paths
 * to every instance (route index, response cache), also when a script saves without refreshing.
 */
export function revalidateDocument(paths: (doc: Record<string, string>) => (string | undefined)[]): CollectionAfterChangeHook {
  return async ({ doc, previousDoc, context, req }) => {
    const changed = [...new Set([...paths(doc), ...(previousDoc ? paths(previousDoc) : [])])]
    if (!context.disableRevalidate) for (const path of changed) if (path) revalidateContentPath(path)
    await announceContentChange(req, { paths: changed })
    return doc
  }
}

/** The same paths refreshed when the document is deleted: its own page goes, listings drop it. */
export function revalidateDeleted(paths: (doc: Record<string, string>) => (string | undefined)[]): CollectionAfterDeleteHook {
  return async ({ doc, context, req }) => {
    const changed = [...new Set(paths(doc))]
    if (!context.disableRevalidate) for (const path of changed) if (path) revalidateContentPath(path)
    await announceContentChange(req, { paths: changed })
    return doc
  }
}

/** Data shown on many pages (prices, server lists): drop every rendered page. */
export const revalidateEverything: CollectionAfterChangeHook = async ({ doc, context, req }) => {
  if (!context.disableRevalidate) revalidateAll()
  await announceContentChange(req, { all: true })
  return doc
}

/** Documents that only decide routing (redirects, experiments): announced, nothing rendered to drop. */
export function announceRouting(paths: (doc: Record<string, unknown>) => (string | undefined)[]): { afterChange: CollectionAfterChangeHook; afterDelete: CollectionAfterDeleteHook } {
  return {
    afterChange: async ({ doc, previousDoc, req }) => {
      await announceContentChange(req, { paths: [...paths(doc), ...(previousDoc ? paths(previousDoc) : [])] })
      return doc
    },
    afterDelete: async ({ doc, req }) => {
      await announceContentChange(req, { paths: paths(doc) })
      return doc
    },
  }
}
