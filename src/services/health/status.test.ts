import { describe, expect, it } from 'vitest'
import { healthAnswer, jobsState, JOBS_STALE_MS } from './status'

describe('the health answer', () => {
  it('is ok with every part up or disabled', () => {
    expect(healthAnswer({ database: 'ok', redis: 'ok', jobs: 'ok' }, false)).toEqual({ httpStatus: 200, body: { status: 'ok', database: 'ok', redis: 'ok', jobs: 'ok' } })
    expect(healthAnswer({ database: 'ok', redis: 'disabled', jobs: 'disabled' }, false).body.status).toBe('ok')
  })

  it('is degraded, still 200, when Redis or the job runner fails', () => {
    expect(healthAnswer({ database: 'ok', redis: 'fail', jobs: 'ok' }, false)).toMatchObject({ httpStatus: 200, body: { status: 'degraded', redis: 'fail' } })
    expect(healthAnswer({ database: 'ok', redis: 'disabled', jobs: 'fail' }, false)).toMatchObject({ httpStatus: 200, body: { status: 'degraded', jobs: 'fail' } })
  })

  it('fails with 503 when the database is unreachable, whatever else', () => {
    expect(healthAnswer({ database: 'fail', redis: 'ok', jobs: 'ok' }, false)).toMatchObject({ httpStatus: 503, body: { status: 'fail', database: 'fail' } })
    expect(healthAnswer({ database: 'fail', redis: 'fail', jobs: 'fail' }, false).body.status).toBe('fail')
  })

  it('says draining with 503 once a SIGTERM arrived, even with every part up', () => {
    expect(healthAnswer({ database: 'ok', redis: 'ok', jobs: 'ok' }, true)).toMatchObject({ httpStatus: 503, body: { status: 'draining', database: 'ok' } })
    expect(healthAnswer({ database: 'fail', redis: 'ok', jobs: 'ok' }, true).body.status).toBe('draining')
  })
})

describe('the job runner state', () => {
  const now = 10_000_000
  it('is disabled where this instance runs no queues', () => {
    expect(jobsState({ runsJobs: false, startedAt: undefined, lastRunEndedAt: undefined, now })).toBe('disabled')
  })

  it('is ok within 3 minutes of the start or of the last run’s end, and fails after', () => {
    expect(jobsState({ runsJobs: true, startedAt: now - 1000, lastRunEndedAt: undefined, now })).toBe('ok')
    expect(jobsState({ runsJobs: true, startedAt: now - JOBS_STALE_MS - 1, lastRunEndedAt: now - 60_000, now })).toBe('ok')
    expect(jobsState({ runsJobs: true, startedAt: now - JOBS_STALE_MS - 1, lastRunEndedAt: now - JOBS_STALE_MS, now })).toBe('fail')
    expect(jobsState({ runsJobs: true, startedAt: now - JOBS_STALE_MS, lastRunEndedAt: undefined, now })).toBe('fail')
    expect(jobsState({ runsJobs: true, startedAt: undefined, lastRunEndedAt: undefined, now })).toBe('fail')
  })
})
