import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startS3 } from './media/s3-server'
import { type ServerProcess, startProcess } from './process'
import { v1 } from './v1-helpers'

const adminUrl = process.env.TEST_DATABASE_URL

async function api(url: string, p: string, body: unknown, token?: string) {
  const res = await fetch(`${url}/api${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bucket ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  // biome-ignore lint/suspicious/noExplicitAny: the assertions read the reply
  return (await res.json()) as { code: number; data: any }
}

/**
 * The developer API's jobs (docs/product.md#scaling-out) with real processes on one PostgreSQL and one S3-compatible store (s3rver on the loopback): API
 * processes that run no jobs (ROLE=api) and worker processes (ROLE=worker) that take them from pg-boss.
 */
describe.skipIf(!adminUrl)('API and worker processes on one PostgreSQL', () => {
  const name = `templet_test_${randomBytes(6).toString('hex')}`
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'templet-jobs-'))
  let dbUrl = ''
  let apiA: ServerProcess
  let apiB: ServerProcess
  const workers: ServerProcess[] = []
  let sql: pg.Client
  let s3: Awaited<ReturnType<typeof startS3>> | undefined

  beforeAll(async () => {
    s3 = await startS3()
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`create database ${name}`)
    await admin.end()
    const url = new URL(adminUrl as string)
    url.pathname = `/${name}`
    dbUrl = url.toString()
    const env = {
      ...s3.env,
      DATABASE_URL: dbUrl,
      DATA_DIR: dataDir,
      ARGON2_MEMORY_KIB: '64',
      ARGON2_TIME_COST: '1',
      REGISTER_LIMIT: '1000',
      // A killed worker's job is taken for dead after 4 s and retried elsewhere.
      JOB_EXPIRE_SECONDS: '4',
      JOB_MAINTENANCE_SECONDS: '1',
      WORKER_CONCURRENCY: '2',
      // A busy machine must not turn the test's 201 into a 202 (harness.ts, testEnv).
      RENDER_WAIT_MS: '60000',
    }
    // The first process migrates; the others start beside it at once.
    apiA = await startProcess({ ...env, ROLE: 'api' })
    const [b, ...w] = await Promise.all([
      startProcess({ ...env, ROLE: 'api' }),
      startProcess({ ...env, ROLE: 'worker' }),
      startProcess({ ...env, ROLE: 'worker' }),
    ])
    apiB = b
    workers.push(...w)
    sql = new pg.Client({ connectionString: dbUrl })
    await sql.connect()
  }, 180_000)

  afterAll(async () => {
    await sql?.end()
    // A worker a failed test left paused would not stop.
    for (const w of workers)
      if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGCONT')
    await Promise.all([apiA, apiB, ...workers].map((p) => p?.stop('SIGTERM')))
    await s3?.stop()
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }, 60_000)

  async function developerWith(credits: number) {
    const reg = await api(apiA.url, '/user/register', {
      email: `jobs-${randomBytes(4).toString('hex')}@example.com`,
      password: 'correct horse battery',
    })
    const token = reg.data.token as string
    const key = (await api(apiA.url, '/key/create', { name: 'jobs', scopes: ['read', 'render'] }, token)).data
      .key
    const userId = reg.data.user.id as number
    if (credits > 5)
      await sql.query(
        `insert into credit_ledger (user_id, delta, reason, created_at) values ($1, $2, 'test', $3)`,
        [userId, credits - 5, Date.now()],
      )
    const templates = await v1(apiA, 'GET', '/templates?limit=100', { key })
    const template = templates.body.data.find((t: { fields: { kind: string; required: boolean }[] }) =>
      t.fields.every((f) => !(f.kind === 'image' && f.required)),
    )
    return { key: key as string, userId, templateId: template.id as number }
  }

  const ledgerSum = async (userId: number) =>
    Number(
      (await sql.query('select coalesce(sum(delta), 0) as s from credit_ledger where user_id = $1', [userId]))
        .rows[0].s,
    )

  it('a render sent to an API process is made by a worker and answered 201 within the wait', async () => {
    const dev = await developerWith(5)
    const r = await v1(apiA, 'POST', '/renders', { key: dev.key, body: { template_id: dev.templateId } })
    expect(r.status).toBe(201)
    expect(r.body.status).toBe('completed')
    expect((await fetch(r.body.files.png)).status).toBe(200)
    // The other API process serves the same render and its files, which the worker stored in the S3 store,
    // not on a disk of its own.
    const other = await v1(apiB, 'GET', `/renders/${r.body.id}`, { key: dev.key })
    expect(other.body.status).toBe('completed')
    expect((await fetch(other.body.files.png)).status).toBe(200)
    expect(fs.readdirSync(dataDir, { recursive: true }).filter((f) => String(f).endsWith('.png'))).toEqual([])
    expect(await ledgerSum(dev.userId)).toBe(4)
  }, 60_000)

  it('one Idempotency-Key sent to both API processes at once makes one render and charges once', async () => {
    const dev = await developerWith(5)
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        v1(i % 2 === 0 ? apiA : apiB, 'POST', '/renders', {
          key: dev.key,
          body: { template_id: dev.templateId },
          headers: { 'idempotency-key': 'same-order-17' },
        }),
      ),
    )
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201))
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1)
    const renders = await sql.query('select count(*)::int as n from renders where user_id = $1', [dev.userId])
    expect(renders.rows[0].n).toBe(1)
    expect(await ledgerSum(dev.userId)).toBe(4)
  }, 60_000)

  // A small batch shows the split; how fast rows go over several processes is `bench:batch`'s to measure.
  it('a 40-row batch split over two API processes: 40 creations, each row settled once, one notification', async () => {
    const dev = await developerWith(40)
    const rows = Array.from({ length: 40 }, (_, i) => ({ values: {}, name: `row ${i + 1}` }))
    const r = await v1(apiB, 'POST', '/batches', {
      key: dev.key,
      body: { template_id: dev.templateId, rows },
    })
    expect(r.status).toBe(202)
    let b = r.body
    for (let i = 0; i < 1200 && b.status === 'running'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      b = (await v1(i % 2 === 0 ? apiA : apiB, 'GET', `/batches/${r.body.id}`, { key: dev.key })).body
    }
    expect(b).toMatchObject({ status: 'completed', completed_rows: 40, failed_rows: 0 })
    const creations = await sql.query('select count(*)::int as n from creations where user_id = $1', [
      dev.userId,
    ])
    // One creation per row, whoever drew it: with this suite's 4 s job expiry (for the killed worker below), a
    // busy machine may take a slow group for dead and draw a row again; the second drawing must settle nothing.
    expect(creations.rows[0].n).toBe(40)
    const settled = await sql.query(
      'select count(distinct creation_id)::int as n from renders where batch_id = $1 and creation_id is not null',
      [r.body.id],
    )
    expect(settled.rows[0].n).toBe(40)
    expect(await ledgerSum(dev.userId)).toBe(0)
    let notes = 0
    for (let i = 0; i < 40 && notes === 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      notes = (
        await sql.query(
          "select count(*)::int as n from notifications where user_id = $1 and type = 'batch_completed'",
          [dev.userId],
        )
      ).rows[0].n
    }
    expect(notes).toBe(1)
  }, 300_000)

  it('a worker killed mid-job leaves its renders to the other: all made once, nothing charged twice', async () => {
    const dev = await developerWith(30)
    // The survivor is paused while the renders are sent, so every render running until the kill is the doomed
    // worker's (a worker takes a group of jobs at once, so counting running renders cannot tell whose they are).
    const [doomed, survivor] = workers as [ServerProcess, ServerProcess]
    expect(survivor.child.kill('SIGSTOP')).toBe(true)
    const accepted = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        v1(i % 2 === 0 ? apiA : apiB, 'POST', '/renders', {
          key: dev.key,
          body: { template_id: dev.templateId, name: `row ${i}` },
          headers: { prefer: 'respond-async' },
        }),
      ),
    )
    expect(accepted.map((a) => a.status)).toEqual(Array(24).fill(202))
    // Kill the doomed worker once it holds renders, without letting it finish them.
    let running = 0
    for (let i = 0; i < 400 && running < 1; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25))
      running = (
        await sql.query("select count(*)::int as n from renders where user_id = $1 and status = 'running'", [
          dev.userId,
        ])
      ).rows[0].n
    }
    expect(running).toBeGreaterThanOrEqual(1)
    expect(await doomed.stop('SIGKILL')).toBeNull()
    expect(survivor.child.kill('SIGCONT')).toBe(true)

    let done = 0
    for (let i = 0; i < 240 && done < 24; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      done = (
        await sql.query(
          "select count(*)::int as n from renders where user_id = $1 and status = 'completed'",
          [dev.userId],
        )
      ).rows[0].n
    }
    expect(done).toBe(24)
    const creations = await sql.query('select count(*)::int as n from creations where user_id = $1', [
      dev.userId,
    ])
    expect(creations.rows[0].n).toBe(24)
    const linked = await sql.query(
      'select count(distinct creation_id)::int as n from renders where user_id = $1',
      [dev.userId],
    )
    expect(linked.rows[0].n).toBe(24)
    expect(await ledgerSum(dev.userId)).toBe(30 - 24)
    // The killed worker's renders were run again (a second attempt) by the survivor.
    const retried = await sql.query('select max(attempts)::int as n from renders where user_id = $1', [
      dev.userId,
    ])
    expect(retried.rows[0].n).toBeGreaterThanOrEqual(2)
    expect(survivor.output()).not.toContain('"level":"error"')
  }, 120_000)
})
