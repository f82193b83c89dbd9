// Builds the production bundle when the sources changed since the last build.
import { createHash } from 'node:crypto'
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { root } from './app-env.mjs'
import { markStartupScripts } from './compile-hints.mjs'
import { cutFontsBeforeBuild, subsetFonts } from './fonts.mjs'
import { writePageScripts } from './page-scripts.mjs'
import { asnSourceDir, buildAsnIndex } from './asn-index.mjs'

// scripts/lib in full: the app imports several of its modules (the content signal, the clocks …) and Next bundles the render cache's handler.
const inputs = ['src', 'messages', 'public', 'next.config.ts', 'postcss.config.mjs', 'tsconfig.json', 'package-lock.json', 'patches', 'scripts/lib']

function hashInputs() {
  const hash = createHash('sha256')
  const walk = (entry) => {
    const full = path.join(root, entry)
    if (!existsSync(full)) return
    if (statSync(full).isDirectory()) {
      for (const child of readdirSync(full).sort()) walk(path.join(entry, child))
    } else if (!/\.test\.(ts|tsx|mjs)$/.test(entry)) {
      // Unit tests sit beside the code they test, but no page imports them: changing one needs no build.
      hash.update(entry).update('\0').update(readFileSync(full))
    }
  }
  inputs.forEach(walk)
  return hash.digest('hex')
}

const stampFile = () => path.join(root, '.next', 'source-hash')

/** The source hash the build in .next was made from, or null when there is no finished build. */
function builtFrom() {
  const stamp = stampFile()
  return existsSync(path.join(root, '.next', 'BUILD_ID')) && existsSync(stamp) ? readFileSync(stamp, 'utf8') : null
}

/**
 * `forTests`: the test suite's build. Next's own TypeScript pass is skipped (the suite has just
 * run `tsc --noEmit`), and without an earlier Turbopack cache none is written: on a fresh clone
 * writing it costs about 15 s and nothing reads it. next.config.ts reads both switches.
 */
function testBuildEnv(env) {
  const cached = existsSync(path.join(root, '.next', 'cache', 'turbopack'))
  return { ...env, VEILGATE_BUILD_SKIP_TYPECHECK: '1', ...(cached ? {} : { VEILGATE_BUILD_NO_CACHE: '1' }) }
}

/** Builds when the sources changed since the last build; true when it built, false when .next was current. */
export async function buildIfNeeded(env, { log = console.log, forTests = false } = {}) {
  // public/scripts is made from src/page-scripts, and the Latin font next/font reads is cut, before
  // the sources are hashed (both are among them).
  writePageScripts()
  await cutFontsBeforeBuild({ log })
  const hash = hashInputs()
  if (builtFrom() === hash) return false
  log(`[veilgate] building the production bundle (first start or changed sources)${forTests ? ' for the tests' : ''}…`)
  await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], {
      cwd: root,
      env: { ...(forTests ? testBuildEnv(env) : env), NODE_ENV: 'production' },
      stdio: 'inherit',
    })
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`next build failed with exit code ${code}`))))
  })
  // After the build (next build empties .next): the start-up scripts compiled while they load
  // (scripts/lib/compile-hints.mjs), the cut font files the font route serves, the geo-IP index.
  const marked = markStartupScripts(path.join(root, '.next'))
  log(`[veilgate] ${marked.length} start-up scripts marked for eager compilation`)
  await subsetFonts({ log })
  // The geo-IP network index (src/services/geoip/lookup.ts reads it; never the CSV at start).
  const started = performance.now()
  const index = buildAsnIndex({ sourceDir: asnSourceDir(root), outDir: path.join(root, '.next', 'veilgate-geoip') })
  log(`[veilgate] geo-IP network index: ${index.v4 + index.v6} ranges, ${Math.round(index.bytes / 1024)} KiB in ${Math.round(performance.now() - started)} ms`)
  writeFileSync(stampFile(), hash)
  return true
}
