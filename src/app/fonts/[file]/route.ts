import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fontFiles } from '@/components/layout/font-table'

const files = fontFiles()

/**
 * The web fonts other than Latin (`src/components/layout/font-table.ts`), straight from their
 * packages: a name carries the package version, so a file never changes under its name and is
 * cached for a year. Any other name answers 404.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const source = files.get((await params).file)
  if (!source) return new Response(null, { status: 404, headers: { 'cache-control': 'no-store' } })
  const body = await readFile(path.join(process.cwd(), 'node_modules', source))
  return new Response(new Uint8Array(body), {
    headers: { 'content-type': 'font/woff2', 'cache-control': 'public, max-age=31536000, immutable', 'access-control-allow-origin': '*' },
  })
}
