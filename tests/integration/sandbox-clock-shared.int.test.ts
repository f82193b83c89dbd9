// One sandbox clock for every instance: an advance in this process reaches another process's clock
// through PostgreSQL NOTIFY, without a restart and without it running jobs.
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { getPayload, type Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { clockOffset } from '@/lib/clock'
import { advanceClock } from '@/services/payments/sandbox/clock'
import { resetSandboxClock } from '../support/sandbox-clock'
import { root } from '../support/test-db'

let payload: Payload
let child: ChildProcess | undefined

beforeAll(async () => {
  payload = await getPayload({ config })
  await resetSandboxClock(payload)
})

afterAll(async () => {
  child?.kill('SIGTERM')
  await resetSandboxClock(payload)
})

/** The other process's lines, and a wait for one matching. */
function linesOf(process: ChildProcess) {
  const lines: string[] = []
  let buffered = ''
  process.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8')
    const parts = buffered.split('\n')
    buffered = parts.pop() ?? ''
    lines.push(...parts)
  })
  return {
    lines,
    async waitFor(line: string, what: string) {
      for (let i = 0; i < 600; i++) {
        if (lines.includes(line)) return
        if (process.exitCode !== null) throw new Error(`the other process exited (${process.exitCode}) before ${what}`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      throw new Error(`the other process did not print "${line}" (${what}); it printed ${JSON.stringify(lines)}`)
    },
  }
}

describe('the sandbox clock across processes', () => {
  it('moves in another process as soon as one advances it, with no restart', { timeout: 60_000 }, async () => {
    child = spawn(process.execPath, ['--conditions=production', '--import', 'tsx', path.join(root, 'tests', 'support', 'clock-follower.ts')], {
      cwd: root,
      env: { ...process.env, JOBS_AUTORUN: 'false' },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const other = linesOf(child)
    await other.waitFor('ready', 'listening')
    await other.waitFor('offset 0', 'reading the clock')
    const moved = await advanceClock(payload, { days: 2 })
    expect(clockOffset()).toBeGreaterThanOrEqual(2 * 86_400_000 - 60_000)
    await other.waitFor(`offset ${clockOffset()}`, 'taking the advance')
    // A second advance, the same.
    await advanceClock(payload, { to: new Date(moved.getTime() + 86_400_000).toISOString() })
    await other.waitFor(`offset ${clockOffset()}`, 'taking the second advance')
  })
})
