// The report of `npm run test:repeat`: every test that failed in at least one of several runs of
// one project, with how often and each distinct error. Pure, so the report is testable.
import path from 'node:path'

/** The first lines of a failure message, without colour codes: enough to tell one cause from another. */
export function firstLines(message, lines = 6) {
  const plain = String(message).replace(/\u001b\[[0-9;]*m/g, '')
  return plain.split('\n').slice(0, lines).join('\n').trim()
}

/**
 * reports: one Vitest JSON report per run (null for a run that wrote none: it crashed before
 * reporting). Returns { runs, completedRuns, tests, flaky: [{ file, test, failed, runs, errors }] },
 * the most often failing first.
 */
export function repeatReport(reports, { root = '' } = {}) {
  const byTest = new Map()
  for (const [run, report] of reports.entries()) {
    if (!report) continue
    for (const file of report.testResults ?? []) {
      const name = root ? path.relative(root, file.name) : file.name
      const results = file.assertionResults ?? []
      // A file that failed before any test ran (its setup threw) counts as one failing entry.
      const entries = results.length ? results : file.status === 'failed' ? [{ fullName: '(the file itself)', status: 'failed', failureMessages: [file.message ?? ''] }] : []
      for (const result of entries) {
        const key = `${name}\u0000${result.fullName ?? result.title}`
        const entry = byTest.get(key) ?? { file: name, test: result.fullName ?? result.title, failed: 0, runs: [], errors: [] }
        byTest.set(key, entry)
        if (result.status !== 'failed') continue
        entry.failed++
        entry.runs.push(run + 1)
        const error = firstLines((result.failureMessages ?? []).join('\n') || 'failed without a message')
        // One entry per distinct first line (the message); its stack as first seen.
        if (!entry.errors.some((seen) => seen.split('\n')[0] === error.split('\n')[0])) entry.errors.push(error)
      }
    }
  }
  const flaky = [...byTest.values()].filter((entry) => entry.failed > 0)
  flaky.sort((a, b) => b.failed - a.failed || a.file.localeCompare(b.file) || a.test.localeCompare(b.test))
  return { runs: reports.length, completedRuns: reports.filter(Boolean).length, tests: byTest.size, flaky }
}

/** The text `npm run test:repeat` prints last. */
export function formatRepeatReport(report, { project, seconds = [] } = {}) {
  const lines = ['', `== ${project}: ${report.runs} runs, ${report.tests} tests`]
  if (seconds.length) lines.push(`run times: ${seconds.map((value) => `${value.toFixed(0)} s`).join(', ')}`)
  if (report.completedRuns < report.runs) lines.push(`${report.runs - report.completedRuns} run(s) wrote no report (the run itself failed; see its output above)`)
  if (!report.flaky.length) {
    lines.push(report.completedRuns === report.runs ? 'no test failed in any run' : 'no test failed in the runs that reported')
    return lines.join('\n')
  }
  lines.push(`${report.flaky.length} test(s) failed at least once:`)
  for (const entry of report.flaky) {
    lines.push('', `${entry.failed}/${report.completedRuns}  ${entry.file} › ${entry.test}  (runs ${entry.runs.join(', ')})`)
    for (const error of entry.errors) lines.push(...error.split('\n').map((line) => `      ${line}`))
  }
  return lines.join('\n')
}
