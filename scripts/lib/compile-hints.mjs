// Marks the scripts every page runs at start-up for eager compilation, after `next build`.
//
// The bootstrap of a page (React DOM, Next's router, Turbopack's runtime: the build manifest's
// `rootMainFiles`) runs as one task once the last of them arrives, and V8 compiled each function
// lazily, on the main thread, the first time it was called: 60–90 ms on this 2-core machine, the
// whole of the page's blocking time. The magic comment `//# allFunctionsCalledOnLoad` on a
// script's first line (V8's explicit compile hints, Chrome 136+) has the browser compile all of
// its functions while it streams the file, off the main thread; other browsers ignore the line.
// Next puts each chunk's SHA-256 into the HTML (`integrity`, `sri` in next.config.ts), so every
// place in the build that names an old hash gets the new one.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'

const integrity = (bytes) => `sha256-${createHash('sha256').update(bytes).digest('base64')}`

/** Every file under `dir` that may name a chunk's hash (manifests, prerendered pages), source maps and traces left out. */
function* buildFiles(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name)
    const stat = statSync(full)
    if (stat.isDirectory()) yield* buildFiles(full)
    else if (!name.endsWith('.map') && !name.endsWith('.nft.json') && stat.size < 50 * 1024 * 1024) yield full
  }
}

/**
 * Adds the hint to the start-up scripts of the build in `nextDir` and replaces their old
 * integrity values everywhere in `.next/server`. Returns the files marked; a file already marked
 * is left alone, so running it twice changes nothing.
 */
export function markStartupScripts(nextDir) {
  const manifest = JSON.parse(readFileSync(path.join(nextDir, 'build-manifest.json'), 'utf8'))
  const renamed = new Map()
  const marked = []
  for (const file of manifest.rootMainFiles ?? []) {
    if (!file.endsWith('.js')) continue
    const full = path.join(nextDir, file)
    const source = readFileSync(full)
    if (source.subarray(0, COMPILE_HINT.length).toString('utf8') === COMPILE_HINT) continue
    const hinted = Buffer.concat([Buffer.from(COMPILE_HINT), source])
    writeFileSync(full, hinted)
    renamed.set(integrity(source), integrity(hinted))
    marked.push(file)
  }
  if (!renamed.size) return marked
  for (const file of buildFiles(path.join(nextDir, 'server'))) {
    // latin1 keeps every byte as it was; the hashes are ASCII.
    const text = readFileSync(file, 'latin1')
    let changed = text
    for (const [before, after] of renamed) if (changed.includes(before)) changed = changed.split(before).join(after)
    if (changed !== text) writeFileSync(file, changed, 'latin1')
  }
  return marked
}
