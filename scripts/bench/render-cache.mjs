#!/usr/bin/env node
// `npm run bench:render-cache -- [--url http://localhost:3000] [--redis redis://127.0.0.1:6379] [--concurrency 4] [--every-locale]`:
// how much Redis holds for the whole site's render cache, for the issue notes (never a test
// assertion). With a site started with `REDIS_URL` (`npm start`), it requests every page of the
// sitemap (each locale a page is written in; with `--every-locale` each page in all the site's
// locales, as visitors following the language menu reach them) twice, the second time to make sure
// each render was kept, then prints the number of entries under `veilgate:{build id}:render:`, their bytes as
// stored (Redis `MEMORY USAGE`), the average per page and Redis's `used_memory` before and after.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { createClient } from 'redis'

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.BENCH_URL || 'http://localhost:3000' },
    redis: { type: 'string', default: process.env.REDIS_URL || 'redis://127.0.0.1:6379' },
    concurrency: { type: 'string', default: '4' },
    'every-locale': { type: 'boolean', default: false },
  },
})
const site = values.url.replace(/\/$/, '')
const concurrency = Math.max(1, Number(values.concurrency) || 4)
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`

const redis = createClient({ url: values.redis })
redis.on('error', () => undefined)
await redis.connect()
const usedMemory = async () => Number(/used_memory:(\d+)/.exec(await redis.info('memory'))?.[1] ?? 0)

const sitemap = await (await fetch(`${site}/sitemap.xml`)).text()
const listed = [...new Set([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc).pathname))]
if (!listed.length) throw new Error(`no pages in ${site}/sitemap.xml`)
const locales = readdirSync(path.join(import.meta.dirname, '..', '..', 'messages')).flatMap((name) => (name.endsWith('.json') ? [name.slice(0, -5)] : []))
const unprefixed = (pathname) => {
  const code = locales.find((locale) => locale !== 'en' && (pathname === `/${locale}` || pathname.startsWith(`/${locale}/`)))
  return code ? pathname.slice(code.length + 1) || '/' : pathname
}
const inLocale = (locale, pathname) => (locale === 'en' ? pathname : pathname === '/' ? `/${locale}` : `/${locale}${pathname}`)
const paths = values['every-locale'] ? [...new Set(listed.map(unprefixed))].flatMap((pathname) => locales.map((locale) => inLocale(locale, pathname))) : listed
console.log(`${listed.length} pages in the sitemap; requesting ${paths.length}`)

const before = await usedMemory()
const statuses = new Map()
for (const round of [1, 2]) {
  const queue = [...paths]
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        const response = await fetch(site + next, { redirect: 'manual' })
        await response.arrayBuffer()
        if (round === 2) statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
      }
    }),
  )
}
const after = await usedMemory()

let entries = 0
let bytes = 0
let largest = 0
for await (const keys of redis.scanIterator({ MATCH: 'veilgate:*:render:*', COUNT: 500 })) {
  for (const key of keys) {
    const size = Number((await redis.memoryUsage(key)) ?? 0)
    entries++
    bytes += size
    largest = Math.max(largest, size)
  }
}
await redis.close()

console.log(`statuses (second round): ${[...statuses].map(([status, count]) => `${status} × ${count}`).join(', ')}`)
console.log(`render-cache entries: ${entries}, ${mib(bytes)} as stored (${(bytes / Math.max(entries, 1) / 1024).toFixed(1)} KiB each, largest ${(largest / 1024).toFixed(1)} KiB)`)
console.log(`Redis used_memory: ${mib(before)} before, ${mib(after)} after (${mib(after - before)} more)`)
