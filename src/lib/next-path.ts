/**
 * Where a screen may send a visitor after signing in: `?next=` when it is a path on this site (one
 * leading `/`, not `//` or `/\`, no scheme, no control characters), else the fallback.
 */
export function safeNext(value: string | null | undefined, fallback: string): string {
  if (!value || value.length > 2000) return fallback
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback
  // Control characters and whitespace (browsers drop tabs and newlines inside URLs).
  for (const char of value) {
    const code = char.charCodeAt(0)
    if (code < 0x21 || code === 0x7f) return fallback
  }
  if (/(?:javascript|data|vbscript):/i.test(value)) return fallback
  try {
    const url = new URL(value, 'https://site.invalid')
    if (url.origin !== 'https://site.invalid') return fallback
    return `${url.pathname}${url.search}${url.hash}`
  } catch {
    return fallback
  }
}
