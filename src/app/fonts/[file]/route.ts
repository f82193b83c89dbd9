import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fontFiles } from '@/components/layout/font-table'

const files = fontFiles()

/**
 * The web fonts other than Latin (`src/components/layout/font-table.ts`): the file the build cut
 * to the site's characters and weights (`.next/veilgate-fonts`, scripts/lib/fonts.mjs) when there
 * is one, else the package's file. A name carries the package version, so a file never changes
 * under its name and is cached for a year. Any other name answers 404.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const file = files.get((await params).file)
  if (!file) return new Response(null, { status: 404, headers: { 'cache-control': 'no-store' } })
  const cut = file.subset ? await readFile(path.join(process.cwd(), '.next', 'veilgate-fonts', `${file.subset}.woff2`)).catch(() => null) : null
  const body = cut ?? (await readFile(path.join(process.cwd(), 'node_modules', file.source)))
  return new Response(new Uint8Array(body), {
    headers: { 'content-type': 'font/woff2', 'cache-control': 'public, max-age=31536000, immutable', 'access-control-allow-origin': '*' },
  })
}
