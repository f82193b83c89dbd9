// What the debug logger, the error reports and the server's request lines may keep of a text or a
// path: never query strings, tokens, e-mail addresses, IP addresses or codes. Pure and
// browser-safe (src/lib/debug-log.ts gives it to the site's code).

const JWT = /\b[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b/g
const QUERY = /(?<=\S)[?#](?=[^\s"'<>])[^\s"'<>]*/g
const EMAIL = /[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}/g
const IPV4 = /\b(?:\d{1,3}\.){3}\d{1,3}\b/g
const IPV6 = /(?<![\w:])(?:[0-9a-f]{1,4}:){2,7}[0-9a-f]{1,4}(?![\w:])|(?<![\w:])(?:[0-9a-f]{1,4}:){1,7}:(?:[0-9a-f]{1,4}(?::[0-9a-f]{1,4}){0,6})?(?![\w:])|::(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4}\b/gi
const TOKEN = /\b(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{16,}\b/g
const CODE = /\b\d{4,}\b/g

/**
 * A text with query strings and hashes, tokens, e-mail addresses, IP addresses and codes taken out.
 * @param {string} text
 * @returns {string}
 */
export function redact(text) {
  return text.replace(JWT, '[token]').replace(QUERY, '').replace(EMAIL, '[e-mail]').replace(IPV4, '[address]').replace(IPV6, '[address]').replace(TOKEN, '[token]').replace(CODE, '[code]')
}

/**
 * A URL or path as it may be logged or reported: no query, no hash, its path redacted; another origin is kept as it is, ours dropped.
 * @param {string} url
 * @param {string} [origin]
 * @returns {string}
 */
export function safePath(url, origin) {
  const base = origin ?? 'http://local.invalid'
  try {
    const parsed = new URL(url, base)
    return parsed.origin === base ? redact(parsed.pathname) : `${parsed.origin}${redact(parsed.pathname)}`
  } catch {
    return redact(url.replace(/[?#].*$/s, ''))
  }
}
