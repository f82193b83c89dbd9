// `npm run bench:routes`: how long an edit takes to reach the request proxy's route index, over
// 20 published pages: from the save's start to the reload its content-change signal causes
// (PostgreSQL NOTIFY, LISTEN, the routes and the active experiment read again). Prints each figure
// and the median; a measurement, never a test assertion.
import configPromise from '@payload-config'
import { getPayload } from 'payload'
import { migrateDatabase } from '@/seed/prepare'
import { followingChanges, ROUTES_RELOADED_EVENT, routeSnapshot, stopRouteIndex } from '@/services/content/page-index'
import { realMs } from '../lib/clock.mjs'

const COUNT = 20
const payload = await getPayload({ config: configPromise })
await migrateDatabase(payload)
const events = process as unknown as NodeJS.EventEmitter

routeSnapshot()
while (!followingChanges() || !routeSnapshot()) await new Promise((resolve) => setTimeout(resolve, 20))

const stamp = realMs()
const times: number[] = []
for (let i = 0; i < COUNT; i++) {
  const path = `/landings/route-bench-${stamp}-${i}`
  const reloaded = new Promise<void>((resolve) => {
    const listener = (change: { all: boolean; paths: string[] }) => {
      if (!change.all && !change.paths.includes(path)) return
      events.off(ROUTES_RELOADED_EVENT, listener)
      resolve()
    }
    events.on(ROUTES_RELOADED_EVENT, listener)
  })
  const started = performance.now()
  const page = await payload.create({ collection: 'pages', data: { path, title: 'Route bench', _status: 'published', layout: [{ blockType: 'hero', heading: 'Route bench' }] }, overrideAccess: true })
  await reloaded
  times.push(performance.now() - started)
  if (!routeSnapshot()?.routes.has(path)) throw new Error(`${path} is missing from the reloaded index`)
  await payload.delete({ collection: 'pages', id: page.id, overrideAccess: true })
}
const sorted = [...times].sort((a, b) => a - b)
const median = (sorted[COUNT / 2 - 1]! + sorted[COUNT / 2]!) / 2
console.log(`[bench] page saved → route index reloaded, ${COUNT} pages (ms): ${times.map((t) => t.toFixed(1)).join(', ')}`)
console.log(`[bench] median ${median.toFixed(1)} ms, min ${sorted[0]!.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`)
await stopRouteIndex()
await payload.destroy()
process.exit(0)
