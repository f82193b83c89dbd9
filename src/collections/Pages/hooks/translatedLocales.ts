import type { CollectionBeforeReadHook } from 'payload'

/**
 * Records which locales have their own title before Payload flattens the
 * localized values and fills gaps from English: a page read in a locale
 * missing here is shown in fallback mode.
 */
export const markTranslatedLocales: CollectionBeforeReadHook = ({ doc }) => {
  const title = doc?.title
  if (title && typeof title === 'object' && !Array.isArray(title)) {
    doc.translatedLocales = Object.entries(title as Record<string, unknown>)
      .filter(([, value]) => typeof value === 'string' && value.trim() !== '')
      .map(([code]) => code)
  }
  return doc
}
