// What `/api/health` answers, from the state of each part: pure, so the table is tested alone.

export type PartState = 'ok' | 'fail' | 'disabled'
export type HealthParts = { database: 'ok' | 'fail'; redis: PartState; jobs: PartState }
export type HealthAnswer = { httpStatus: 200 | 503; body: { status: 'ok' | 'degraded' | 'fail' | 'draining' } & HealthParts }

/** How long after the last job run (or the start) a job-running instance still counts as healthy. */
export const JOBS_STALE_MS = 3 * 60 * 1000

/**
 * Draining: 503 `draining` (the balancer takes the instance out while it finishes its requests).
 * Database unreachable: 503 `fail`. Redis or the job runner failing: 200 `degraded` (pages and
 * payments still work). Else 200 `ok`.
 */
export function healthAnswer(parts: HealthParts, draining: boolean): HealthAnswer {
  if (draining) return { httpStatus: 503, body: { status: 'draining', ...parts } }
  if (parts.database === 'fail') return { httpStatus: 503, body: { status: 'fail', ...parts } }
  if (parts.redis === 'fail' || parts.jobs === 'fail') return { httpStatus: 200, body: { status: 'degraded', ...parts } }
  return { httpStatus: 200, body: { status: 'ok', ...parts } }
}

/**
 * The job runner's state: `disabled` where this instance runs no queues (`JOBS_AUTORUN=false`),
 * `ok` while a run ended, or the instance started, under 3 minutes ago (every queue is polled each
 * minute), else `fail` (runs hang or stopped).
 */
export function jobsState({ runsJobs, startedAt, lastRunEndedAt, now }: { runsJobs: boolean; startedAt: number | undefined; lastRunEndedAt: number | undefined; now: number }): PartState {
  if (!runsJobs) return 'disabled'
  const latest = Math.max(startedAt ?? 0, lastRunEndedAt ?? 0)
  return latest > 0 && now - latest < JOBS_STALE_MS ? 'ok' : 'fail'
}
