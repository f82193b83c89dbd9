import type { CollectionBeforeChangeHook } from 'payload'
import { lexicalToPlainText } from '@/services/content/markdown'

/** Every string inside a value (blocks, arrays, rich text), in document order. */
export function collectText(value: unknown, keys: RegExp = /^(?!blockType$|id$|icon$|.*Href$|purchaseId$|source$|parentPath$).*/): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap((item) => collectText(item, keys))
  if (value && typeof value === 'object') {
    if ('root' in value) return [lexicalToPlainText(value)]
    return Object.entries(value).flatMap(([key, item]) => (keys.test(key) ? collectText(item, keys) : []))
  }
  return []
}

/** Keeps `searchText` (the locale being saved) in step with the fields that hold the document's words. */
export function indexText(fields: string[]): CollectionBeforeChangeHook {
  return ({ data }) => {
    const text = fields
      .flatMap((field) => collectText(data[field]))
      .join('\n')
      .replace(/\s+\n/g, '\n')
      .trim()
    return { ...data, searchText: text.slice(0, 100_000) }
  }
}
