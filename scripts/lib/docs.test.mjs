import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const read = (file) => readFileSync(path.join(root, file), 'utf8')

function walk(dir, keep) {
  const found = []
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) found.push(...walk(file, keep))
    else if (keep(file)) found.push(file)
  }
  return found
}

/** Source files the app and its scripts read the environment in (tests and generated files aside). */
const sources = () => [
  ...walk('src', (file) => /\.(ts|tsx|mjs)$/.test(file) && !/\.test\./.test(file) && !file.startsWith(path.join('src', 'migrations')) && !file.endsWith('payload-types.ts')),
  ...walk('scripts', (file) => /\.(ts|mjs)$/.test(file) && !/\.test\./.test(file)),
  'next.config.ts',
]

/**
 * Every environment variable the code reads: `process.env.X` and `process.env['X']`, `env().X`
 * (src/lib/env.ts's validated values), `env.X` (scripts handed an environment), and the keys of
 * the schema in src/lib/env.ts.
 */
export function variablesRead(files = sources()) {
  const names = new Set()
  const patterns = [/process\.env\.([A-Z][A-Z0-9_]+)/g, /process\.env\[['"]([A-Z][A-Z0-9_]+)['"]\]/g, /\benv(?:\(\))?\.([A-Z][A-Z0-9_]{2,})\b/g]
  for (const file of files) {
    const text = read(file)
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) names.add(match[1])
  }
  const schema = read('src/lib/env.ts')
  const body = schema.slice(schema.indexOf('const schema = z.object({'))
  for (const match of body.slice(0, body.indexOf('\n})')).matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)) names.add(match[1])
  return names
}

/** The variables named in the first column of docs/configuration.md's tables. */
export function variablesDocumented(markdown) {
  const names = new Set()
  for (const line of markdown.split('\n')) {
    const first = /^\|([^|]*)\|/.exec(line)?.[1]
    if (!first) continue
    for (const match of first.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(match[1])
  }
  return names
}

/** GitHub's anchor of a heading: lower case, punctuation out, spaces to hyphens. */
export function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

function anchorsOf(markdown) {
  const anchors = new Set()
  const seen = new Map()
  let fence = false
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fence = !fence
    const heading = !fence && /^#{1,6} (.*)$/.exec(line)
    if (!heading) continue
    const base = slug(heading[1])
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    anchors.add(count ? `${base}-${count}` : base)
  }
  return anchors
}

/** Relative links of a Markdown file (code blocks and inline code aside) that point nowhere. */
export function brokenLinks(file, markdown) {
  const broken = []
  let fence = false
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fence = !fence
    if (fence) continue
    for (const match of line.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = match[1]
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue
      const [pathPart, anchor] = target.split('#')
      const resolved = pathPart ? path.join(path.dirname(file), decodeURIComponent(pathPart)) : file
      if (!existsSync(path.join(root, resolved))) {
        broken.push(`${file}: ${target} (no ${resolved})`)
        continue
      }
      if (anchor === undefined) continue
      if (statSync(path.join(root, resolved)).isDirectory() || !resolved.endsWith('.md')) {
        broken.push(`${file}: ${target} (an anchor into a file that is not Markdown)`)
        continue
      }
      if (!anchorsOf(read(resolved)).has(anchor)) broken.push(`${file}: ${target} (no heading "${anchor}" in ${resolved})`)
    }
  }
  return broken
}

const markdownFiles = () => ['README.md', ...walk('docs', (file) => file.endsWith('.md'))]

describe('the configuration table', () => {
  it('names every environment variable the code reads, and none it does not', () => {
    const readNames = variablesRead()
    const documented = variablesDocumented(read('docs/configuration.md'))
    expect([...readNames].filter((name) => !documented.has(name)).sort(), 'read by the code, missing from docs/configuration.md').toEqual([])
    expect([...documented].filter((name) => !readNames.has(name)).sort(), 'in docs/configuration.md, read nowhere').toEqual([])
  })

  it('finds a variable in any of the ways the code reads one', () => {
    const names = variablesRead([])
    expect(names.has('SITE_URL')).toBe(true)
    expect(variablesDocumented('| `A_B`, `C_D` | x | `E_F` |\n| `GH` | y |')).toEqual(new Set(['A_B', 'C_D', 'GH']))
  })
})

describe('links in the README and docs/', () => {
  it('point at files and headings that exist', () => {
    const broken = markdownFiles().flatMap((file) => brokenLinks(file, read(file)))
    expect(broken).toEqual([])
  })

  it('are checked for their file and their heading', () => {
    expect(slug("The connection test's servers")).toBe('the-connection-tests-servers')
    expect(slug('What `npm test` does')).toBe('what-npm-test-does')
    expect(brokenLinks('README.md', '[a](docs/nowhere.md) [b](docs/decisions/) [c](https://x.example/) `[d](nowhere.md)`')).toEqual(['README.md: docs/nowhere.md (no docs/nowhere.md)'])
    expect(brokenLinks('README.md', '[a](README.md#no-such-heading)')).toHaveLength(1)
  })
})
