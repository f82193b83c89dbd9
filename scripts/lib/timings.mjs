// The timings table that ends `npm test`: seconds per phase, test counts per project and the
// slowest files of each, from Vitest's JSON reports. Pure functions, so the summary is testable.
import path from 'node:path'

/**
 * Test counts and the slowest files of one Vitest JSON report.
 * A file's time runs from its first test's start to its last test's end, as Vitest reports it.
 */
export function projectSummary(report, { root = '', slowest = 5 } = {}) {
  const files = (report?.testResults ?? []).map((file) => ({
    file: root ? path.relative(root, file.name) : file.name,
    seconds: round(Math.max(0, (file.endTime ?? 0) - (file.startTime ?? 0)) / 1000),
  }))
  files.sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file))
  return {
    passed: report?.numPassedTests ?? 0,
    failed: report?.numFailedTests ?? 0,
    skipped: (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0),
    files: files.length,
    slowest: files.slice(0, slowest),
  }
}

const round = (n) => Math.round(n * 10) / 10

/**
 * phases: [{ name, seconds, project?, status? }] in the order they ran; reports: { [project]: report }.
 * Returns the summary kept in test-results/timings.json.
 */
export function summarize({ phases, reports = {}, wallSeconds, root = '' }) {
  const projects = {}
  for (const [name, report] of Object.entries(reports)) projects[name] = projectSummary(report, { root })
  const totals = { passed: 0, failed: 0, skipped: 0 }
  for (const summary of Object.values(projects)) {
    totals.passed += summary.passed
    totals.failed += summary.failed
    totals.skipped += summary.skipped
  }
  return {
    wallSeconds: round(wallSeconds ?? 0),
    phases: phases.map((phase) => {
      const counts = phase.project && projects[phase.project]
      return {
        name: phase.name,
        seconds: round(phase.seconds ?? 0),
        status: phase.status ?? 'ok',
        ...(phase.note ? { note: phase.note } : {}),
        ...(counts ? { passed: counts.passed, failed: counts.failed, skipped: counts.skipped, files: counts.files } : {}),
      }
    }),
    projects,
    totals,
  }
}

const pad = (text, width, right = false) => (right ? String(text).padStart(width) : String(text).padEnd(width))

/** The table printed at the end of `npm test`, followed by the unchanged `Tests:` line. */
export function formatSummary(summary) {
  const lines = ['', '== timings']
  const nameWidth = Math.max(5, ...summary.phases.map((p) => p.name.length))
  lines.push(`${pad('phase', nameWidth)}  ${pad('seconds', 7, true)}  ${pad('tests', 36)}  note`)
  for (const phase of summary.phases) {
    const tests =
      phase.passed === undefined ? '' : `${phase.passed} passed, ${phase.failed} failed${phase.skipped ? `, ${phase.skipped} skipped` : ''} (${phase.files} files)`
    const note = [phase.status === 'ok' ? '' : phase.status.toUpperCase(), phase.note ?? ''].filter(Boolean).join(' ')
    lines.push(`${pad(phase.name, nameWidth)}  ${pad(phase.seconds.toFixed(1), 7, true)}  ${pad(tests, 36)}  ${note}`.trimEnd())
  }
  lines.push(`${pad('total (wall clock)', nameWidth)}  ${pad(summary.wallSeconds.toFixed(1), 7, true)}`)
  for (const [project, data] of Object.entries(summary.projects)) {
    if (!data.slowest.length) continue
    lines.push('', `slowest ${project} files:`)
    for (const file of data.slowest) lines.push(`  ${pad(file.seconds.toFixed(1), 6, true)} s  ${file.file}`)
  }
  lines.push('', `Tests: ${summary.totals.passed} passed, ${summary.totals.failed} failed, ${summary.totals.skipped} skipped`)
  return lines.join('\n')
}
