// `npm run bench:email`: the time from sendEmail() to the message's outbox row, over 20
// messages (queue, background run, render already done at queue time, outbox write).
// Prints each figure and the median; a measurement, never a test assertion.
import configPromise from '@payload-config'
import { getPayload } from 'payload'
import { migrateDatabase } from '@/seed/prepare'
import { emailQueueIdle } from '@/services/email/queue'
import { sendEmail } from '@/services/email/send'

const COUNT = 20
const payload = await getPayload({ config: configPromise })
await migrateDatabase(payload)
const times: number[] = []
for (let i = 0; i < COUNT; i++) {
  const started = performance.now()
  const { jobId } = await sendEmail(
    { template: 'confirm-address', to: `latency-${i}@example.com`, locale: i % 2 ? 'de' : 'ar', data: { url: `/confirm-email?token=bench-${i}` } },
    { payload },
  )
  for (;;) {
    const found = await payload.find({ collection: 'outbox', where: { jobId: { equals: jobId } }, limit: 1, depth: 0, overrideAccess: true })
    if (found.docs.length) break
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
  times.push(performance.now() - started)
  await emailQueueIdle()
}
const sorted = [...times].sort((a, b) => a - b)
const median = (sorted[COUNT / 2 - 1]! + sorted[COUNT / 2]!) / 2
console.log(`[bench] sendEmail → outbox row, ${COUNT} messages (ms): ${times.map((t) => t.toFixed(1)).join(', ')}`)
console.log(`[bench] median ${median.toFixed(1)} ms, min ${sorted[0]!.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`)
await payload.delete({ collection: 'outbox', where: { to: { like: 'latency-' } }, overrideAccess: true })
await payload.destroy()
process.exit(0)
