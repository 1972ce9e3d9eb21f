// Sums the reports every test runner wrote into one line `N passed, N failed`, printed last.
// A runner that exited non-zero without reporting a failure (it crashed, or found no tests) counts as one failure,
// and so does a runner that ran nothing. A test that did not run because its setup failed (a `beforeAll`, a
// fixture, the import of its file) counts as failed, not skipped: only a test skipped on purpose is skipped.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** A Playwright test skipped on purpose carries a `skip` or `fixme` annotation; one that never ran does not. */
const skippedOnPurpose = (test) =>
  (test.annotations ?? []).some((a) => a.type === 'skip' || a.type === 'fixme')

function playwrightTests(report) {
  const out = []
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) for (const test of spec.tests ?? []) out.push(test)
    for (const child of suite.suites ?? []) walk(child)
  }
  for (const suite of report.suites ?? []) walk(suite)
  return out
}

export function countsOf(report) {
  if (report.stats && 'expected' in report.stats) {
    // Playwright: a flaky test passed on retry, which we do not allow (retries are 0), so it counts as failed.
    const s = report.stats
    const neverRan = playwrightTests(report).filter(
      (t) => t.status === 'skipped' && !skippedOnPurpose(t),
    ).length
    return { passed: s.expected, failed: s.unexpected + s.flaky + neverRan, skipped: s.skipped - neverRan }
  }
  if (Array.isArray(report.testResults)) {
    // Vitest: in a file that failed, a test that did not pass did not run because the file's setup failed.
    const counts = { passed: 0, failed: 0, skipped: 0 }
    for (const file of report.testResults) {
      const tests = file.assertionResults ?? []
      for (const t of tests) {
        if (t.status === 'passed') counts.passed++
        else if (t.status === 'failed' || file.status === 'failed') counts.failed++
        else counts.skipped++
      }
      if (file.status === 'failed' && tests.length === 0) counts.failed++
    }
    return counts
  }
  return { passed: report.passed ?? 0, failed: report.failed ?? 0, skipped: report.skipped ?? 0 }
}

// The failed tests by name with the first line of their error, so a log whose tail is all that survives still says
// what failed.
export function failuresOf(report) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing the terminal's colour codes is the point.
  const colours = /\x1b\[[0-9;]*m/g
  const firstLine = (text) =>
    String(text ?? '')
      .replace(colours, '')
      .trim()
      .split('\n')[0]
      .slice(0, 200)
  if (Array.isArray(report.testResults)) {
    return report.testResults.flatMap((file) => {
      const where = path.relative(process.cwd(), file.name ?? '')
      const tests = (file.assertionResults ?? [])
        .filter((t) => t.status === 'failed')
        .map((t) => `${where} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`)
      if (tests.length === 0 && file.status === 'failed')
        tests.push(
          `${where}: ${firstLine(file.message) || 'its setup failed (a beforeAll hook or the import)'}`,
        )
      return tests
    })
  }
  if (Array.isArray(report.suites)) {
    const out = []
    const walk = (suite, parents) => {
      const titles = suite.file === suite.title ? parents : [...parents, suite.title]
      for (const spec of suite.specs ?? []) {
        const neverRan = (spec.tests ?? []).some((t) => t.status === 'skipped' && !skippedOnPurpose(t))
        if (spec.ok && !neverRan) continue
        const error = spec.tests?.flatMap((t) => t.results ?? []).find((r) => r.error)?.error?.message
        out.push(
          `${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}: ${firstLine(error) || 'did not run (its setup failed)'}`,
        )
      }
      for (const child of suite.suites ?? []) walk(child, titles)
    }
    for (const suite of report.suites) walk(suite, [])
    return out
  }
  return []
}

/** Every runner's counts, the failures by name, and the totals, from the reports and exit codes in `dir`. */
export function summarize(dir) {
  const runners = readdirSync(dir)
    .filter((f) => f.endsWith('.rc'))
    .map((f) => f.slice(0, -3))
    .sort()
  const total = { passed: 0, failed: 0, skipped: 0 }
  const failures = []
  const lines = []
  for (const name of runners) {
    const rc = Number(readFileSync(path.join(dir, `${name}.rc`), 'utf8').trim())
    let counts = { passed: 0, failed: 0, skipped: 0 }
    try {
      const report = JSON.parse(readFileSync(path.join(dir, `${name}.json`), 'utf8'))
      counts = countsOf(report)
      failures.push(...failuresOf(report).map((f) => `${name}: ${f}`))
    } catch {
      // no report: judged by the exit code alone below
    }
    if (rc !== 0 && counts.failed === 0) counts.failed = 1
    if (rc === 0 && counts.passed === 0 && counts.failed === 0) counts.failed = 1 // a runner that ran nothing
    lines.push(
      `  ${name.padEnd(22)} ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`,
    )
    for (const k of Object.keys(total)) total[k] += counts[k]
  }
  if (failures.length > 0) lines.push(`  failed:\n${failures.map((f) => `    ${f}`).join('\n')}`)
  lines.push(`${total.passed} passed, ${total.failed} failed`)
  return { lines, total }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { lines, total } = summarize(process.argv[2] ?? 'reports')
  console.log(lines.join('\n'))
  process.exit(total.failed > 0 ? 1 : 0)
}
