import { describe, expect, it } from 'vitest'
import { firstLines, formatRepeatReport, repeatReport } from './repeat-report.mjs'

const result = (fullName, status, failureMessages = []) => ({ fullName, title: fullName, status, failureMessages })
const run = (...files) => ({ testResults: files.map(([name, results, extra = {}]) => ({ name: `/repo/${name}`, assertionResults: results, ...extra })) })

const reports = [
  run(['a.e2e.test.ts', [result('a › opens', 'passed'), result('a › shifts', 'passed')]], ['b.e2e.test.ts', [result('b › buys', 'passed')]]),
  run(
    ['a.e2e.test.ts', [result('a › opens', 'passed'), result('a › shifts', 'failed', ['\u001b[31mAssertionError: layout shift on /ru: expected 0.079 to be less than 0.01\u001b[39m\n    at line 1\n    at line 2\n    at line 3\n    at line 4\n    at line 5\n    at line 6'])]],
    ['b.e2e.test.ts', [result('b › buys', 'failed', ['Error: 403 Forbidden'])]],
  ),
  null,
  run(['a.e2e.test.ts', [result('a › opens', 'passed'), result('a › shifts', 'failed', ['AssertionError: layout shift on /ru: expected 0.079 to be less than 0.01'])]], ['b.e2e.test.ts', [result('b › buys', 'failed', ['Error: timeout'])]]),
  run(['a.e2e.test.ts', [result('a › opens', 'passed'), result('a › shifts', 'passed')]], ['c.e2e.test.ts', [], { status: 'failed', message: 'hook timed out' }]),
]

describe('the repeat report', () => {
  const report = repeatReport(reports, { root: '/repo' })

  it('lists each test that failed at least once, the most often first, with its runs and its distinct errors', () => {
    expect(report).toMatchObject({ runs: 5, completedRuns: 4, tests: 4 })
    expect(report.flaky).toEqual([
      { file: 'a.e2e.test.ts', test: 'a › shifts', failed: 2, runs: [2, 4], errors: [expect.stringMatching(/^AssertionError: layout shift on \/ru: expected 0\.079 to be less than 0\.01\n {4}at line 1\n(.*\n){3} {4}at line 5$/)] },
      { file: 'b.e2e.test.ts', test: 'b › buys', failed: 2, runs: [2, 4], errors: ['Error: 403 Forbidden', 'Error: timeout'] },
      { file: 'c.e2e.test.ts', test: '(the file itself)', failed: 1, runs: [5], errors: ['hook timed out'] },
    ])
  })

  it('keeps the first lines of an error without colour codes', () => {
    expect(firstLines('\u001b[31mred\u001b[39m\n1\n2\n3\n4\n5\n6\n7')).toBe('red\n1\n2\n3\n4\n5')
  })

  it('prints the failures with their counts, and says when runs wrote no report', () => {
    const text = formatRepeatReport(report, { project: 'e2e', seconds: [100.2, 99.6] })
    expect(text).toContain('== e2e: 5 runs, 4 tests')
    expect(text).toContain('run times: 100 s, 100 s')
    expect(text).toContain('1 run(s) wrote no report')
    expect(text).toContain('3 test(s) failed at least once:')
    expect(text).toContain('2/4  a.e2e.test.ts › a › shifts  (runs 2, 4)\n      AssertionError: layout shift on /ru')
    expect(text).toContain('      Error: 403 Forbidden\n      Error: timeout')
  })

  it('says so when nothing failed', () => {
    const clean = repeatReport([reports[0], reports[0]])
    expect(clean.flaky).toEqual([])
    expect(formatRepeatReport(clean, { project: 'integration' })).toMatch(/no test failed in any run$/)
  })
})
