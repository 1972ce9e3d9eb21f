// Sums the reports every test runner wrote into one line `N passed, N failed`.
// A runner that exited non-zero without reporting a failure (it crashed, or found no tests) counts as one failure.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

const dir = process.argv[2] ?? 'reports'
const runners = readdirSync(dir)
  .filter((f) => f.endsWith('.rc'))
  .map((f) => f.slice(0, -3))
  .sort()

function countsOf(report) {
  if (report.stats && 'expected' in report.stats) {
    // Playwright: a flaky test passed on retry, which we do not allow (retries are 0), so treat it as failed.
    const s = report.stats
    return { passed: s.expected, failed: s.unexpected + s.flaky, skipped: s.skipped }
  }
  if ('numPassedTests' in report) {
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests ?? 0,
    }
  }
  return { passed: report.passed ?? 0, failed: report.failed ?? 0, skipped: report.skipped ?? 0 }
}

// The failed tests by name with the first line of their error, so a log whose tail is all that survives still says
// what failed.
function failuresOf(report) {
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
      if (tests.length === 0 && file.status === 'failed') tests.push(`${where}: ${firstLine(file.message)}`)
      return tests
    })
  }
  if (Array.isArray(report.suites)) {
    const out = []
    const walk = (suite, parents) => {
      const titles = suite.file === suite.title ? parents : [...parents, suite.title]
      for (const spec of suite.specs ?? []) {
        if (spec.ok) continue
        const error = spec.tests?.flatMap((t) => t.results ?? []).find((r) => r.error)?.error?.message
        out.push(`${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}: ${firstLine(error)}`)
      }
      for (const child of suite.suites ?? []) walk(child, titles)
    }
    for (const suite of report.suites) walk(suite, [])
    return out
  }
  return []
}

const total = { passed: 0, failed: 0, skipped: 0 }
const failures = []
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
  console.log(
    `  ${name.padEnd(22)} ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`,
  )
  for (const k of Object.keys(total)) total[k] += counts[k]
}
if (failures.length > 0) console.log(`  failed:\n${failures.map((f) => `    ${f}`).join('\n')}`)
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`)
process.exit(total.failed > 0 ? 1 : 0)
