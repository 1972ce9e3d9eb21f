// The summary of a test run, read from reports that real Vitest and Playwright runs write.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { summarize } from './sum-results.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const dirs = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})
const scratch = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'templet-summary-'))
  dirs.push(d)
  return d
}

/** Runs a command that writes `reports/NAME.json`, and records its exit code as `reports/NAME.rc`. */
function runner(reports, name, command, args, cwd) {
  let rc = 0
  try {
    execFileSync(command, args, { cwd, stdio: 'ignore', env: { ...process.env, CI: '' } })
  } catch (e) {
    rc = e.status ?? 1
  }
  writeFileSync(path.join(reports, `${name}.rc`), String(rc))
}

/** A file of four tests: two under a `beforeAll` that throws, one that passes, one skipped on purpose. */
const setupFails = (framework) => {
  const vitest = framework === 'vitest'
  const head = vitest
    ? "import { beforeAll, describe, expect, it } from 'vitest'"
    : // The scratch folder is outside the repository: Playwright is imported from the repository's own install.
      `import pw from '${pathToFileURL(createRequire(import.meta.url).resolve('@playwright/test')).href}'
const { expect, test } = pw
const { beforeAll, describe } = test
const it = test`
  return `${head}
describe('a database that went away', () => {
  beforeAll(() => { throw new Error('the database system is shutting down') })
  it('lists the creations', () => expect(1).toBe(1))
  it('deletes a creation', () => expect(1).toBe(1))
})
describe('the rest', () => {
  it('adds', () => expect(1 + 1).toBe(2))
  it.skip('is skipped on purpose', () => {})
})
`
}

describe('the summary of a test run', () => {
  it('counts the tests of a Vitest file whose beforeAll failed as failed, and names the file', () => {
    const work = scratch()
    const reports = path.join(work, 'reports')
    execFileSync('mkdir', ['-p', reports])
    writeFileSync(path.join(work, 'setup.test.mjs'), setupFails('vitest'))
    runner(reports, 'vitest-example', path.join(root, 'node_modules/.bin/vitest'), [
      'run',
      '--root',
      work,
      '--reporter=json',
      `--outputFile.json=${path.join(reports, 'vitest-example.json')}`,
    ])
    const { lines, total } = summarize(reports)
    // The skipped test of the failed file is counted with it: the file's setup decides nothing ran there.
    expect(total).toEqual({ passed: 1, failed: 3, skipped: 0 })
    expect(lines.at(-1)).toBe('1 passed, 3 failed')
    expect(lines.join('\n')).toContain('setup.test.mjs')
  })

  it('counts the Playwright tests that never ran because their beforeAll failed as failed, not skipped', () => {
    const work = scratch()
    const reports = path.join(work, 'reports')
    execFileSync('mkdir', ['-p', reports])
    writeFileSync(path.join(work, 'setup.spec.mjs'), setupFails('playwright'))
    writeFileSync(
      path.join(work, 'playwright.config.mjs'),
      `export default { testDir: '.', workers: 1, retries: 0, reporter: [['json', { outputFile: ${JSON.stringify(path.join(reports, 'playwright.json'))} }]] }\n`,
    )
    runner(
      reports,
      'playwright',
      path.join(root, 'node_modules/.bin/playwright'),
      ['test', '--config', path.join(work, 'playwright.config.mjs')],
      work,
    )
    const { lines, total } = summarize(reports)
    expect(total.passed).toBe(1)
    expect(total.failed).toBe(2)
    expect(total.skipped).toBe(1)
    expect(lines.at(-1)).toBe('1 passed, 2 failed')
  })

  it('counts a runner that crashed without a report, or ran nothing, as one failure', () => {
    const reports = scratch()
    writeFileSync(path.join(reports, 'crashed.rc'), '139')
    writeFileSync(path.join(reports, 'empty.rc'), '0')
    writeFileSync(path.join(reports, 'empty.json'), '{"passed":0,"failed":0}')
    writeFileSync(path.join(reports, 'lint.rc'), '0')
    writeFileSync(path.join(reports, 'lint.json'), '{"passed":1,"failed":0}')
    const { lines } = summarize(reports)
    expect(lines.at(-1)).toBe('1 passed, 2 failed')
  })
})
