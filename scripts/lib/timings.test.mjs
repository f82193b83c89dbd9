import { describe, expect, it } from 'vitest'
import { budgetUse, formatSummary, PHASE_BUDGETS, projectSummary, summarize } from './timings.mjs'

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
    expect(text).toMatch(/^unit +4\.2 +30 +12 passed, 0 failed, 2 skipped \(6 files\)$/m)
    expect(text).toMatch(/^end to end +60\.0 +300 +30 passed, 2 failed \(2 files\) +FAILED$/m)
    expect(text).toMatch(/^build +90\.0 +in the background; waited 0\.0 s for it$/m)
    expect(text).toMatch(/^total \(wall clock\) +123\.5$/m)
    expect(text).toContain('slowest e2e files:\n    40.0 s  x.e2e.test.ts\n    12.0 s  y.e2e.test.ts')
    expect(lines.filter((line) => line.startsWith('    ') && line.includes(' s  ')).length).toBe(7)
  })
})

describe('phase budgets', () => {
  const phases = [
    { name: 'system packages', seconds: 1 },
    { name: 'lint', seconds: 40 },
    { name: 'types', seconds: 30.04 },
    { name: 'unit', seconds: 12, project: 'unit' },
    { name: 'integration', seconds: 150, project: 'integration' },
    { name: 'build', seconds: 200 },
    { name: 'end to end', seconds: 299.9, project: 'e2e' },
  ]

  it('adds lint and types together and flags each group over its budget', () => {
    expect(budgetUse(phases)).toEqual([
      { label: 'lint+types', phases: ['lint', 'types'], seconds: 70, budget: 60, over: true },
      { label: 'unit', phases: ['unit'], seconds: 12, budget: 30, over: false },
      { label: 'integration', phases: ['integration'], seconds: 150, budget: 120, over: true },
      { label: 'end to end', phases: ['end to end'], seconds: 299.9, budget: 300, over: false },
    ])
    expect(PHASE_BUDGETS.map((budget) => [budget.label, budget.seconds])).toEqual([
      ['lint+types', 60],
      ['unit', 30],
      ['integration', 120],
      ['end to end', 300],
    ])
  })

  it('prints each budget beside its phase and the overrun in the note, without failing anything', () => {
    const summary = summarize({ phases, reports: {}, wallSeconds: 700 })
    const text = formatSummary(summary)
    expect(text).toMatch(/^lint +40\.0$/m)
    expect(text).toMatch(/^types +30\.0 +60\* +OVER BUDGET \(lint\+types 70\.0 s > 60 s\)$/m)
    expect(text).toMatch(/^unit +12\.0 +30$/m)
    expect(text).toMatch(/^integration +150\.0 +120 +OVER BUDGET \(150\.0 s > 120 s\)$/m)
    expect(text).toMatch(/^end to end +299\.9 +300$/m)
    expect(text).toContain('* lint+types together')
    expect(summary.totals.failed).toBe(0)
    expect(summary.phases.every((phase) => phase.status === 'ok')).toBe(true)
  })

  it('shows only the budgets of the phases that ran (npm run test:e2e)', () => {
    const text = formatSummary(summarize({ phases: [{ name: 'build', seconds: 1 }, { name: 'end to end', seconds: 400, project: 'e2e' }], wallSeconds: 401 }))
    expect(text).toMatch(/^end to end +400\.0 +300 +OVER BUDGET \(400\.0 s > 300 s\)$/m)
    expect(text).not.toContain('lint+types')
  })
})
