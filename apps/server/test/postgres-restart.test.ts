import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ServerProcess, startProcess } from './process'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

/**
 * A cluster of its own (scripts/pg-start.sh with its own state directory and port), since this test stops
 * and starts it while other tests use the shared one. Runs where PostgreSQL is installed for the suite.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a PostgreSQL restart under a running server', () => {
  const state = fs.mkdtempSync(path.join(os.tmpdir(), 'templet-pg-restart-'))
  // Every setting of the scripts is its own, none inherited: a PGDATA or PGPORT in the environment would make
  // this test stop (and purge) another cluster.
  const env = {
    ...process.env,
    TEMPLET_PG_DIR: state,
    PGDATA: path.join(state, 'pgdata'),
    PGPORT: String(55_000 + (process.pid % 1000)),
  }
  const pgStart = () =>
    execFileSync('bash', [path.join(repoRoot, 'scripts/pg-start.sh')], {
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .trim()
      .split('\n')
      .at(-1)
      ?.replace(/^DATABASE_URL=/, '') ?? ''
  const pgStop = () =>
    execFileSync('bash', [path.join(repoRoot, 'scripts/pg-stop.sh')], { env, stdio: 'ignore' })
  let server: ServerProcess
  beforeAll(async () => {
    const url = pgStart()
    server = await startProcess({
      DATABASE_URL: url,
      DATA_DIR: state,
      ARGON2_MEMORY_KIB: '64',
      ARGON2_TIME_COST: '1',
    })
  }, 90_000)
  afterAll(async () => {
    await server?.stop('SIGKILL')
    execFileSync('bash', [path.join(repoRoot, 'scripts/pg-stop.sh'), '--purge'], { env, stdio: 'ignore' })
  })

  const register = async () => {
    const res = await fetch(`${server.url}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `r${Math.random().toString(36).slice(2)}@example.com`,
        password: 'long enough',
      }),
    })
    return { status: res.status, code: ((await res.json()) as { code: number }).code }
  }

  it('answers errors in the envelope during the outage and recovers by itself when the database is back', async () => {
    expect(await register()).toEqual({ status: 200, code: 0 })
    pgStop()
    const during = await register()
    expect(during).toEqual({ status: 200, code: 500 })
    expect((await fetch(`${server.url}/readyz`)).status).toBe(503)
    pgStart()
    // The pool replaces its dead connections on use: within a bounded number of tries, without a restart.
    let after = { status: 0, code: -1 }
    for (let i = 0; i < 50 && after.code !== 0; i++) {
      after = await register()
      if (after.code !== 0) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(after).toEqual({ status: 200, code: 0 })
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
    expect(server.child.exitCode).toBeNull()
  }, 90_000)
})
