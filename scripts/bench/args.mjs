// What every bench script shares: its `--name value` flags, the site it measures, a page's path under
// a locale, and the median of its runs.

/**
 * `--name value` pairs of the command line; a flag followed by another flag (or by nothing) is `true`.
 * @returns {Record<string, string | true>}
 */
export function flags(argv = process.argv.slice(2)) {
  const parsed = {}
  argv.forEach((arg, i) => {
    if (!arg.startsWith('--')) return
    const next = argv[i + 1]
    parsed[arg.slice(2)] = next === undefined || next.startsWith('--') ? true : next
  })
  return parsed
}

/** A flag's text, or the fallback when it is missing or given without a value. */
export const text = (args, name, fallback) => (typeof args[name] === 'string' ? args[name] : fallback)

/** A flag's number, or the fallback. */
export const number = (args, name, fallback) => Number(text(args, name, fallback))

/** A comma-separated flag as a list, or the fallback. */
export const list = (args, name, fallback) => (typeof args[name] === 'string' ? args[name].split(',').filter(Boolean) : fallback)

/** The site to measure: `--url`, else BENCH_URL, else the local default, without a trailing slash. */
export const siteUrl = (args) => text(args, 'url', process.env.BENCH_URL || 'http://localhost:3000').replace(/\/$/, '')

/** `/blog` under `de` is `/de/blog`; English (or no locale) has no prefix. */
export const localized = (locale, pagePath) => (!locale || locale === 'en' ? pagePath : pagePath === '/' ? `/${locale}` : `/${locale}${pagePath}`)

/** The middle value (the upper one of an even count). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
