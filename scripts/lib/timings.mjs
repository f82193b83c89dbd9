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

/** The Vitest projects behind each reported phase: end to end runs both of its projects. */
export const PHASE_PROJECTS = { unit: ['unit'], integration: ['integration'], e2e: ['e2e', 'e2e-alone'] }

/**
 * What each phase may take on a fresh 2-core clone, in seconds: a phase group over its budget is
 * flagged in the table, without failing the run. Lint and types share one budget.
 */
export const PHASE_BUDGETS = [
  { label: 'lint+types', phases: ['lint', 'types'], seconds: 60 },
  { label: 'unit', phases: ['unit'], seconds: 30 },
  { label: 'integration', phases: ['integration'], seconds: 120 },
  { label: 'end to end', phases: ['end to end'], seconds: 300 },
]

/** Each budget's use in the phases that ran: seconds taken, the budget, and whether it was over. */
export function budgetUse(phases, budgets = PHASE_BUDGETS) {
  return budgets
    .map((budget) => {
      const ran = phases.filter((phase) => budget.phases.includes(phase.name))
      if (!ran.length) return null
      const seconds = round(ran.reduce((sum, phase) => sum + (phase.seconds ?? 0), 0))
      return { label: budget.label, phases: budget.phases, seconds, budget: budget.seconds, over: seconds > budget.seconds }
    })
    .filter(Boolean)
}

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
    budgets: budgetUse(phases),
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
  const budgets = summary.budgets ?? []
  lines.push(`${pad('phase', nameWidth)}  ${pad('seconds', 7, true)}  ${pad('budget', 6, true)}  ${pad('tests', 36)}  note`)
  for (const phase of summary.phases) {
    const tests =
      phase.passed === undefined ? '' : `${phase.passed} passed, ${phase.failed} failed${phase.skipped ? `, ${phase.skipped} skipped` : ''} (${phase.files} files)`
    // A shared budget shows on its group's last phase that ran, with the group's total.
    const budget = budgets.find((entry) => entry.phases.filter((name) => summary.phases.some((p) => p.name === name)).at(-1) === phase.name)
    const shared = budget && budget.phases.length > 1
    const over = budget?.over ? `OVER BUDGET (${shared ? `${budget.label} ` : ''}${budget.seconds.toFixed(1)} s > ${budget.budget} s)` : ''
    const note = [phase.status === 'ok' ? '' : phase.status.toUpperCase(), over, phase.note ?? ''].filter(Boolean).join(' ')
    const budgetText = budget ? `${budget.budget}${shared ? '*' : ''}` : ''
    lines.push(`${pad(phase.name, nameWidth)}  ${pad(phase.seconds.toFixed(1), 7, true)}  ${pad(budgetText, 6, true)}  ${pad(tests, 36)}  ${note}`.trimEnd())
  }
  if (budgets.some((entry) => entry.phases.length > 1)) lines.push(`${pad('', nameWidth)}  ${pad('', 7)}  * ${budgets.filter((entry) => entry.phases.length > 1).map((entry) => entry.label).join(', ')} together`)
  lines.push(`${pad('total (wall clock)', nameWidth)}  ${pad(summary.wallSeconds.toFixed(1), 7, true)}`)
  for (const [project, data] of Object.entries(summary.projects)) {
    if (!data.slowest.length) continue
    lines.push('', `slowest ${project} files:`)
    for (const file of data.slowest) lines.push(`  ${pad(file.seconds.toFixed(1), 6, true)} s  ${file.file}`)
  }
  lines.push('', `Tests: ${summary.totals.passed} passed, ${summary.totals.failed} failed, ${summary.totals.skipped} skipped`)
  return lines.join('\n')
}
