// Content paths: normalised, split and compared the same way everywhere.
/** `/extras/` → `/extras`; `extras` → `/extras`; the home page is `/`. */
export function normalisePagePath(value: string): string {
  let path = value.trim().split(/[?#]/)[0] ?? ''
  if (!path.startsWith('/')) path = `/${path}`
  path = path.replace(/\/{2,}/g, '/')
  if (path.length > 1) path = path.replace(/\/+$/, '')
  return path || '/'
}
