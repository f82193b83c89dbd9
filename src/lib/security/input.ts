/**
 * Text that reaches PostgreSQL: NUL bytes (which PostgreSQL refuses in text) and unpaired UTF-16
 * surrogates (which cannot be encoded as UTF-8) are removed. Applied where input enters: the
 * API's query and body readers (src/lib/http.ts) and the search service.
 */
export function cleanText(value: string): string {
  return value.replace(/\u0000/g, '').replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
}

/** How deep a parsed JSON body may nest: no form of the site's nests past a few levels. */
export const MAX_JSON_DEPTH = 64

/**
 * Whether a parsed JSON value nests deeper than `max` arrays and objects, walked without recursion
 * (a body nested 5,000 deep would overflow the stack of any recursive walk, `cleanInput` included).
 */
export function nestsDeeperThan(value: unknown, max: number = MAX_JSON_DEPTH): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }]
  while (stack.length) {
    const next = stack.pop()!
    if (!next.value || typeof next.value !== 'object') continue
    if (next.depth >= max) return true
    for (const inner of Object.values(next.value)) stack.push({ value: inner, depth: next.depth + 1 })
  }
  return false
}

/** `cleanText` on every string inside a parsed JSON value (nested at most `MAX_JSON_DEPTH`: see `nestsDeeperThan`). */
export function cleanInput<T>(value: T): T {
  if (typeof value === 'string') return cleanText(value) as T
  if (Array.isArray(value)) return value.map(cleanInput) as T
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [cleanText(key), cleanInput(inner)])) as T
  }
  return value
}
