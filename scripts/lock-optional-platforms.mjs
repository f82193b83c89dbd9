#!/usr/bin/env node
// This machine's npm registry serves only the Linux x64 builds of platform-specific packages,
// so `npm install` leaves the other platforms' optional dependencies out of package-lock.json
// and `npm ci` then refuses the lock file as out of sync. This adds those entries, marked
// optional and limited to their platform, so npm ci skips them without fetching anything.
// Run it after every `npm install` that changes the lock file.
import { readFileSync, writeFileSync } from 'node:fs'

const file = new URL('../package-lock.json', import.meta.url)
const lock = JSON.parse(readFileSync(file, 'utf8'))
const packages = lock.packages

const osOf = (name) => ['darwin', 'win32', 'linux', 'android', 'freebsd', 'openbsd', 'netbsd', 'sunos', 'aix', 'openharmony'].find((os) => name.includes(os)) ?? (name.includes('wasm') ? null : undefined)
const cpuOf = (name) => ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 'riscv64', 's390x', 'loong64', 'wasm32'].find((cpu) => new RegExp(`[-_]${cpu}([-_]|$)`).test(name))

let added = 0
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${location ? `${location}/` : ''}node_modules/${name}`
    if (packages[nested] || packages[`node_modules/${name}`]) continue
    const os = osOf(name)
    const cpu = cpuOf(name)
    const record = { version, optional: true }
    if (os) record.os = [os]
    if (cpu) record.cpu = [cpu === 'wasm32' ? 'wasm32' : cpu]
    if (!os && !cpu) continue
    packages[`node_modules/${name}`] = record
    added++
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))))
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`)
console.log(`added ${added} platform entries to package-lock.json`)
