import type { Payload } from 'payload'
import { setClockOffset } from '@/lib/clock'
import { query } from '@/services/db'

/** Back to real time, stored and in this process (suites share the process and the database). */
export async function resetSandboxClock(payload: Payload): Promise<void> {
  await query(payload, 'UPDATE sandbox_clock SET offset_ms = 0')
  setClockOffset(0)
}
