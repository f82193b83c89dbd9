import { describe, expect, it } from 'vitest'
import { formatSummary, projectSummary, summarize } from './timings.mjs'

const file = (name, seconds, start = 1_000) => ({ name: `/repo/${name}`, startTime: start, endTime: start + seconds * 1000 })

const unit = {
  numPassedTests: 12,
  numFailedTests: 0,
  numPendingTests: 1,
  numTodoTests: 1,
  testResults: [file('a.test.ts', 0.2), file('b.test.ts', 1.26), file('c.test.ts', 0.5), file('d.test.ts', 0.1), file('e.test.ts', 3), file('f.test.ts', 0.05)],
}
const e2e = { numPassedTests: 30, numFailedTests: 2, numPendingTests: 0, numTodoTests: 0, testResults: [file('x.e2e.test.ts', 40), file('y.e2e.test.ts', 12.04)] }

describe('projectSummary', () => {
  it('counts the tests and lists the five slowest files, slowest first, relative to the root', () => {
    const summary = projectSummary(unit, { root: '/repo' })
    expect(summary).toMatchObject({ passed: 12, failed: 0, skipped: 2, files: 6 })
    expect(summary.slowest).toEqual([
      { file: 'e.test.ts', seconds: 3 },
      { file: 'b.test.ts', seconds: 1.3 },
      { file: 'c.test.ts', seconds: 0.5 },
      { file: 'a.test.ts', seconds: 0.2 },
      { file: 'd.test.ts', seconds: 0.1 },
    ])
  })

  it('reads a missing report as no tests', () => {
    expect(projectSummary(undefined)).toEqual({ passed: 0, failed: 0, skipped: 0, files: 0, slowest: [] })
  })
})

describe('summarize and formatSummary', () => {
  const summary = summarize({
    root: '/repo',
    wallSeconds: 123.456,
    reports: { unit, e2e },
    phases: [
      { name: 'lint', seconds: 10.04 },
      { name: 'unit', seconds: 4.2, project: 'unit' },
      { name: 'build', seconds: 90, note: 'in the background; waited 0.0 s for it' },
      { name: 'end to end', seconds: 60, project: 'e2e', status: 'failed' },
    ],
  })

  it('gives each phase its seconds and its project’s counts, and totals every project', () => {
    expect(summary.wallSeconds).toBe(123.5)
    expect(summary.phases[0]).toEqual({ name: 'lint', seconds: 10, status: 'ok' })
    expect(summary.phases[1]).toEqual({ name: 'unit', seconds: 4.2, status: 'ok', passed: 12, failed: 0, skipped: 2, files: 6 })
    expect(summary.phases[3]).toMatchObject({ status: 'failed', passed: 30, failed: 2, files: 2 })
    expect(summary.totals).toEqual({ passed: 42, failed: 2, skipped: 2 })
    // What test-results/timings.json holds survives a JSON round trip unchanged.
    expect(JSON.parse(JSON.stringify(summary))).toEqual(summary)
  })

  it('prints a row per phase, the slowest files and the Tests line last', () => {
    const text = formatSummary(summary)
    const lines = text.split('\n')
    expect(lines.at(-1)).toBe('Tests: 42 passed, 2 failed, 2 skipped')
    expect(text).toMatch(/^unit +4\.2 +12 passed, 0 failed, 2 skipped \(6 files\)$/m)
    expect(text).toMatch(/^end to end +60\.0 +30 passed, 2 failed \(2 files\) +FAILED$/m)
    expect(text).toMatch(/^build +90\.0 +in the background; waited 0\.0 s for it$/m)
    expect(text).toMatch(/^total \(wall clock\) +123\.5$/m)
    expect(text).toContain('slowest e2e files:\n    40.0 s  x.e2e.test.ts\n    12.0 s  y.e2e.test.ts')
    expect(lines.filter((line) => line.startsWith('    ') && line.includes(' s  ')).length).toBe(7)
  })
})
