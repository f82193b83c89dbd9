// Builds the production bundle when the sources changed since the last build.
import { createHash } from 'node:crypto'
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { root } from './app-env.mjs'

const inputs = ['src', 'messages', 'public', 'next.config.ts', 'postcss.config.mjs', 'tsconfig.json', 'package-lock.json']

function hashInputs() {
  const hash = createHash('sha256')
  const walk = (entry) => {
    const full = path.join(root, entry)
    if (!existsSync(full)) return
    if (statSync(full).isDirectory()) {
      for (const child of readdirSync(full).sort()) walk(path.join(entry, child))
    } else {
      hash.update(entry).update('\0').update(readFileSync(full))
    }
  }
  inputs.forEach(walk)
  return hash.digest('hex')
}

const stampFile = () => path.join(root, '.next', 'source-hash')

export function buildIsCurrent() {
  const stamp = stampFile()
  return existsSync(path.join(root, '.next', 'BUILD_ID')) && existsSync(stamp) && readFileSync(stamp, 'utf8') === hashInputs()
}

export async function buildIfNeeded(env, { log = console.log } = {}) {
  if (buildIsCurrent()) return
  log('[veilgate] building the production bundle (first start or changed sources)…')
  const hash = hashInputs()
  await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], {
      cwd: root,
      env: { ...env, NODE_ENV: 'production' },
      stdio: 'inherit',
    })
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`next build failed with exit code ${code}`))))
  })
  writeFileSync(stampFile(), hash)
}
