// `npm run bench:geoip`: the geo-IP service's cost: opening both sources, the memory they take,
// and lookups a second over random public IPv4 and IPv6 addresses. A measurement, never a test.
import { lookupAddress, warmGeoIp } from '@/services/geoip/lookup'

const COUNT = Number(process.argv[2] ?? 200_000)
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`

global.gc?.()
const before = process.memoryUsage()
const opened = performance.now()
await warmGeoIp()
const openMs = performance.now() - opened
global.gc?.()
const after = process.memoryUsage()

// A fixed pseudo-random sequence, so runs compare.
let seed = 42
const next = () => (seed = (seed * 1103515245 + 12345) >>> 0)
const v4 = () => `${(next() % 223) + 1}.${next() % 256}.${next() % 256}.${next() % 256}`
const v6 = () => `2${(next() % 0xfff).toString(16).padStart(3, '0')}:${(next() % 0xffff).toString(16)}:${(next() % 0xffff).toString(16)}::${(next() % 0xffff).toString(16)}`
const addresses = Array.from({ length: COUNT }, (_, i) => (i % 4 === 3 ? v6() : v4()))

let found = 0
const started = performance.now()
for (const address of addresses) if ((await lookupAddress(address))?.country) found++
const seconds = (performance.now() - started) / 1000

console.log(`opened in ${openMs.toFixed(0)} ms; memory once loaded: RSS +${mib(after.rss - before.rss)}, heap +${mib(after.heapUsed - before.heapUsed)}, array buffers +${mib(after.arrayBuffers - before.arrayBuffers)}`)
console.log(`${COUNT} lookups (¾ IPv4, ¼ IPv6) in ${seconds.toFixed(2)} s: ${Math.round(COUNT / seconds).toLocaleString('en')} a second, ${found} with a country`)
