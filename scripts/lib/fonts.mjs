// Cuts the large web-font files to the code points and weights the site uses, at build time
// (src/components/layout/font-subsets.json); the font route serves the cut files from .next.
import { existsSync, readFileSync, statSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import subsetFont from 'subset-font'
import { root } from './app-env.mjs'

export const SUBSET_DIR = path.join(root, '.next', 'veilgate-fonts')

/** The characters of `[["0600", "06FF"], …]`. */
export function charactersOf(ranges) {
  let text = ''
  for (const [from, to] of ranges) for (let code = parseInt(from, 16); code <= parseInt(to, 16); code++) text += String.fromCodePoint(code)
  return text
}

/** The entries of the subsets file (its comment left out). */
async function subsetEntries() {
  const spec = JSON.parse(await readFile(path.join(root, 'src', 'components', 'layout', 'font-subsets.json'), 'utf8'))
  return Object.entries(spec).filter(([name]) => !name.startsWith('/'))
}

const packageFile = (entry) => path.join(root, 'node_modules', entry.source)

/** One entry's file cut to its code points and weights, as WOFF2. */
function cutFile(original, entry) {
  const [min, max] = entry.weight
  return subsetFont(original, charactersOf(entry.ranges), { targetFormat: 'woff2', variationAxes: { wght: { min, max } } })
}

/** Writes `<name>.woff2` for every entry of the subsets file; returns the sizes before and after. */
export async function subsetFonts({ outDir = SUBSET_DIR, log = console.log } = {}) {
  await mkdir(outDir, { recursive: true })
  const sizes = {}
  for (const [name, entry] of await subsetEntries()) {
    if (entry.beforeBuild) continue
    const original = await readFile(packageFile(entry))
    const cut = await cutFile(original, entry)
    await writeFile(path.join(outDir, `${name}.woff2`), cut)
    sizes[name] = { before: original.length, after: cut.length }
  }
  log(`[veilgate] fonts cut to the site's characters and weights: ${Object.entries(sizes).map(([name, size]) => `${name} ${Math.round(size.before / 1024)} → ${Math.round(size.after / 1024)} KiB`).join(', ')}`)
  return sizes
}

/**
 * Writes the cut files next/font reads (entries with `beforeBuild`: the Latin file `fonts.ts`
 * preloads on every page), before `next build` or the development server compiles it. A file is
 * cut again only when its entry or its package file changed (a stamp beside it records both), so a
 * start with nothing changed reads only the stamp.
 */
export async function cutFontsBeforeBuild({ log = console.log } = {}) {
  for (const [name, entry] of await subsetEntries()) {
    if (!entry.beforeBuild) continue
    const target = path.join(root, entry.beforeBuild)
    const stamp = JSON.stringify({ entry, source: statSync(packageFile(entry)).size })
    const stampFile = `${target}.json`
    if (existsSync(target) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) continue
    const original = await readFile(packageFile(entry))
    const cut = await cutFile(original, entry)
    await mkdir(path.dirname(target), { recursive: true })
    await writeFile(target, cut)
    await writeFile(stampFile, stamp)
    log(`[veilgate] ${name} cut for next/font: ${Math.round(original.length / 1024)} → ${Math.round(cut.length / 1024)} KiB`)
  }
}
