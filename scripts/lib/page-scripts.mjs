// The page's own small scripts (the after-paint loader, the cookie notice, the copy button) are
// written with their reasons beside the code in src/page-scripts/ and served minified from
// public/scripts/ (generated, not in git). Every content page loads the loader and the cookie
// notice: minified they are 2.7 instead of 5.3 KiB of gzip.
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { transformSync } from 'esbuild'
import { root } from './app-env.mjs'

export const PAGE_SCRIPTS_SOURCE = path.join(root, 'src', 'page-scripts')
export const PAGE_SCRIPTS_OUT = path.join(root, 'public', 'scripts')

/** Each script's served text: the same code, minified, for the browsers the site supports. */
export function minifyPageScript(source) {
  return transformSync(source, { loader: 'js', minify: true, target: 'es2019', legalComments: 'none', charset: 'utf8' }).code
}

/**
 * Writes public/scripts/<name>.js for each source, only where it changed (a current copy keeps its
 * file); returns the names written. Cheap enough to run on every start and build.
 */
export function writePageScripts({ sourceDir = PAGE_SCRIPTS_SOURCE, outDir = PAGE_SCRIPTS_OUT } = {}) {
  mkdirSync(outDir, { recursive: true })
  const written = []
  for (const name of readdirSync(sourceDir).filter((file) => file.endsWith('.js')).sort()) {
    const code = minifyPageScript(readFileSync(path.join(sourceDir, name), 'utf8'))
    const target = path.join(outDir, name)
    if (existsSync(target) && readFileSync(target, 'utf8') === code) continue
    writeFileSync(target, code)
    written.push(name)
  }
  return written
}
