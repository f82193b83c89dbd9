// What the debug logger and the error reports may keep of a text: never query strings, tokens,
// e-mail addresses, IP addresses or codes. Pure and browser-safe; shared with the web server's
// request lines (scripts/lib/safe-path.mjs).
export { redact, safePath } from '../../scripts/lib/safe-path.mjs'
