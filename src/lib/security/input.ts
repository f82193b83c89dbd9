/**
 * Text that reaches PostgreSQL: NUL bytes (which PostgreSQL refuses in text) and unpaired UTF-16
 * surrogates (which cannot be encoded as UTF-8) are removed. Applied where input enters: the
 * API's query and body readers (src/lib/http.ts) and the search service.
 */
export function cleanText(value: string): string {
  return value.replace(/\u0000/g, '').replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
}

/** `cleanText` on every string inside a parsed JSON value. */
export function cleanInput<T>(value: T): T {
  if (typeof value === 'string') return cleanText(value) as T
  if (Array.isArray(value)) return value.map(cleanInput) as T
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [cleanText(key), cleanInput(inner)])) as T
  }
  return value
}
