// The fonts a visitor's phone has and a bare Debian machine lacks. zh, jp and ko pages use the
// system's fonts for their language (font-table.ts, CJK_STACKS); every phone and desktop system
// ships one, a fresh Debian machine has none, and Chromium then searches every installed face for
// each character it cannot draw (it still draws a box): `/jp`'s layout took 109 ms instead of 49.
// A measurement on such a machine describes no visitor, so the benches install Debian's
// fonts-noto-cjk (Noto Sans CJK, which the stacks name) before they measure, as `npm test`
// installs Chromium (decision 015).
import { execFileSync, spawnSync } from 'node:child_process'

/** True when fontconfig knows a face for Japanese (Noto Sans CJK covers zh and ko too). */
function hasCjkFont() {
  try {
    return execFileSync('fc-list', [':lang=ja', 'family'], { encoding: 'utf8' }).trim().length > 0
  } catch {
    return false
  }
}

/** Installs fonts-noto-cjk when no CJK face is installed; says so when it cannot. */
export function ensureSystemFonts() {
  if (hasCjkFont()) return
  console.log("[bench] installing Debian's fonts-noto-cjk: the system fonts zh, jp and ko pages use")
  const args = ['install', '-y', '-qq', 'fonts-noto-cjk']
  const options = { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }, stdio: ['ignore', 'ignore', 'inherit'] }
  const asRoot = process.getuid?.() === 0
  let result = asRoot ? spawnSync('apt-get', args, options) : spawnSync('sudo', ['-n', 'apt-get', ...args], options)
  // A machine whose package lists were never fetched knows no fonts-noto-cjk yet.
  if (result.status !== 0) {
    spawnSync(asRoot ? 'apt-get' : 'sudo', asRoot ? ['update', '-qq'] : ['-n', 'apt-get', 'update', '-qq'], options)
    result = asRoot ? spawnSync('apt-get', args, options) : spawnSync('sudo', ['-n', 'apt-get', ...args], options)
  }
  if (result.status !== 0 || !hasCjkFont()) console.warn('[bench] no CJK font is installed: zh, jp and ko pages measure a fallback search no visitor has (apt-get install fonts-noto-cjk)')
}

/**
 * Chromium's flags for the benches' browser. Chromium 150 on Linux hands system fonts to the page
 * through its font data service, which copies each font file into shared memory on its first use
 * in a fresh browser while the page's first layout waits: Noto Sans CJK is two collections of
 * 19-20 MB (regular and bold), and `/jp`'s first layout spent 190-240 ms (CPU 1×) in those
 * copies instead of 40-60 ms (decision 015). A phone reads its system fonts in place and copies
 * nothing, so the benches use the font service that shares the file itself; `--desktop-fonts`
 * measures the copy, as a Linux desktop visitor's first CJK page after starting the browser.
 */
export function browserFlags(args) {
  const base = ['--headless=new', '--no-sandbox', '--disable-gpu']
  return args['desktop-fonts'] ? base : [...base, '--disable-features=FontDataServiceLinux']
}
