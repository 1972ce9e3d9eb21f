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

const total = { passed: 0, failed: 0, skipped: 0 }
for (const name of runners) {
  const rc = Number(readFileSync(path.join(dir, `${name}.rc`), 'utf8').trim())
  let counts = { passed: 0, failed: 0, skipped: 0 }
  try {
    counts = countsOf(JSON.parse(readFileSync(path.join(dir, `${name}.json`), 'utf8')))
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
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`)
process.exit(total.failed > 0 ? 1 : 0)
