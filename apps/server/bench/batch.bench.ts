/**
 * `pnpm --filter @templet/server bench:batch`: a 1,000-row batch (`BENCH_ROWS`) through `/v1` on PostgreSQL with
 * pg-boss, run by 1 and then 2 worker processes (`WORKER_CONCURRENCY` = `BENCH_CONCURRENCY`, default 2, each)
 * beside one API process, as rows per second from the batch's acceptance to its last row, in turns
 * (`BENCH_ROUNDS`) with the renderer's own loop (`render()` of the same template with the same values and the
 * same files, a PNG and its thumbnail as a batch row without `formats` makes, as many in flight) in 1 and 2
 * processes on the same cores; and the time from the last row to the `batch.completed` webhook at a receiver on
 * loopback.
 *
 * PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (a fresh database per run is made in that cluster and
 * dropped after). Processes run src/main.ts under tsx, as the tests do. Loopback only.
 */
import { fork } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadCatalogue } from '@templet/catalogue'
import { render } from '@templet/render'
import { fieldKinds } from '@templet/template'
import pg from 'pg'
import { type ServerProcess, startProcess } from '../test/process'

const ROWS = Number(process.env.BENCH_ROWS ?? 1000)
/** Renders in flight per process, on both sides (the worker's WORKER_CONCURRENCY). */
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 2)
/** Worker processes to run, e.g. `1,2` (default) or `2`. */
const WORKERS = (process.env.BENCH_WORKERS ?? '1,2').split(',').map(Number)
/**
 * Rounds of the bare loop and the batch in turns, per number of workers: the machine's speed drifts by a fifth
 * from one minute to the next, so each round's ratio is taken within the round, and the median is the figure.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
/**
 * Flags for node in the worker processes, to see where a row's time goes: `--cpu-prof --cpu-prof-dir=<dir>` (V8
 * CPU profiles), `--trace-gc` (with `BENCH_WORKER_LOG=<file>`, which receives what the workers wrote).
 */
const NODE_ARGS = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []
const WORKER_LOG = process.env.BENCH_WORKER_LOG
/**
 * The server to measure, relative to the server's folder (default `src/main.ts`): e.g. a copy of an earlier
 * version's `src` beside this one, to compare before and after in turns in one sitting.
 */
const SERVER_ENTRY = process.env.BENCH_SERVER_ENTRY ?? 'src/main.ts'
const here = fileURLToPath(import.meta.url)
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL

/**
 * The catalogue template the batch renders, needing no upload (rows use its defaults); named so that the figures stay
 * comparable as the catalogue grows (it was the first such template while there were 15).
 */
function benchTemplate() {
  const t = loadCatalogue().templates.find((x) => x.id === 'article-card')
  if (!t || t.fields.some((f) => fieldKinds.takesUpload(f) && 'required' in f && f.required))
    throw new Error('article-card must render without an upload')
  return t
}

/** What a `/v1` batch row makes when its request names no `formats`: the bare loop makes the same. */
const ROW_FILES = { formats: ['png'] } as const

/** Child: `count` renders, CONCURRENCY at a time; answers the seconds they took. */
async function renderLoop(count: number) {
  const t = benchTemplate()
  for (let i = 0; i < 5; i += 1) await render(t, {}, ROW_FILES) // warm-up
  const started = performance.now()
  const cpu = process.cpuUsage()
  let left = count
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (left > 0) {
        left -= 1
        await render(t, {}, ROW_FILES)
      }
    }),
  )
  const used = process.cpuUsage(cpu)
  process.send?.({ seconds: (performance.now() - started) / 1000, cpu: (used.user + used.system) / 1e6 })
  process.disconnect()
}

/** The renderer alone in `processes` processes sharing `rows` renders: rows per second, CPU seconds per row. */
async function rendererRate(processes: number, rows: number): Promise<{ rate: number; cpuPerRow: number }> {
  const each = Math.ceil(rows / processes)
  const started = performance.now()
  const cpu = await Promise.all(
    Array.from(
      { length: processes },
      () =>
        new Promise<number>((resolve, reject) => {
          // The workers' malloc setting, which also sets how many threads sharp gives libvips: like for like.
          const child = fork(here, ['render-loop', String(each)], {
            execArgv: ['--import', 'tsx'],
            env: { ...process.env, MALLOC_ARENA_MAX: '2' },
          })
          child.once('message', (m) => resolve((m as { cpu: number }).cpu))
          child.once('error', reject)
        }),
    ),
  )
  return {
    rate: (each * processes) / ((performance.now() - started) / 1000),
    cpuPerRow: cpu.reduce((a, b) => a + b, 0) / (each * processes),
  }
}

/** CPU seconds (user + system) a process and its threads have used, from /proc. */
function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return 0
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return 0
  }
}

/** The server processes of the bench's database (its connections), from PostgreSQL itself: other clusters on
 * the machine are not counted. */
async function backendPids(sql: pg.Client, database: string): Promise<number[]> {
  const r = await sql.query('select pid from pg_stat_activity where datname = $1', [database])
  return r.rows.map((row) => Number(row.pid))
}

async function api(url: string, p: string, body: unknown, token?: string) {
  const res = await fetch(`${url}${p}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: token.startsWith('tk_') ? `Bearer ${token}` : `Bucket ${token}` } : {}),
    },
    body: JSON.stringify(body),
  })
  // biome-ignore lint/suspicious/noExplicitAny: the bench reads what it needs
  return (await res.json()) as any
}

/** One batch of `ROWS` rows with `workers` worker processes: rows per second, and last row -> webhook (ms). */
async function batchRun(workers: number): Promise<{
  rowsPerSecond: number
  webhookMs: number
  acceptMs: number
  /** CPU seconds per row while the rows ran: the worker processes, the API process, PostgreSQL. */
  cpuPerRow: { workers: number; api: number; postgres: number }
}> {
  const name = `templet_bench_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const url = new URL(adminUrl as string)
  url.pathname = `/${name}`
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'templet-bench-batch-'))
  let hookAt = 0
  const receiver = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => {
      body += c.toString()
    })
    req.on('end', () => {
      if (JSON.parse(body).type === 'batch.completed') hookAt = Date.now()
      res.writeHead(200).end()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  const env = {
    DATABASE_URL: url.toString(),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    WORKER_CONCURRENCY: String(CONCURRENCY),
    WEBHOOK_ALLOW_PRIVATE: '1',
    MALLOC_ARENA_MAX: '2',
  }
  const processes: ServerProcess[] = []
  const sql = new pg.Client({ connectionString: url.toString() })
  try {
    const apiProcess = await startProcess({ ...env, ROLE: 'api' }, [], SERVER_ENTRY)
    processes.push(apiProcess)
    processes.push(
      ...(await Promise.all(
        Array.from({ length: workers }, () =>
          startProcess({ ...env, ROLE: 'worker' }, NODE_ARGS, SERVER_ENTRY),
        ),
      )),
    )
    await sql.connect()
    const reg = await api(apiProcess.url, '/api/user/register', {
      email: `bench-${name}@example.com`,
      password: 'correct horse battery',
    })
    await sql.query(
      `insert into credit_ledger (user_id, delta, reason, created_at) values ($1, $2, 'bench', $3)`,
      [reg.data.user.id, ROWS, Date.now()],
    )
    const key = (
      await api(
        apiProcess.url,
        '/api/key/create',
        { name: 'bench', scopes: ['read', 'render'] },
        reg.data.token,
      )
    ).data.key as string
    await api(
      apiProcess.url,
      '/v1/webhook_endpoints',
      {
        url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
        events: ['batch.completed'],
      },
      key,
    )
    const slug = benchTemplate().id
    const templateId = Number(
      (await sql.query('select id from templates where slug = $1', [slug])).rows[0].id,
    )
    const rows = Array.from({ length: ROWS }, (_, i) => ({ values: {}, name: `row ${i + 1}` }))
    const workerPids = processes.slice(1).map((p) => p.child.pid)
    const workersCpu = () => workerPids.map(cpuSeconds).reduce((a, b) => a + b, 0)
    const cpuBefore = {
      workers: workersCpu(),
      api: cpuSeconds(apiProcess.child.pid),
      postgres: new Map((await backendPids(sql, name)).map((pid) => [pid, cpuSeconds(pid)])),
    }
    const accepted = Date.now()
    const batch = await api(apiProcess.url, '/v1/batches', { template_id: templateId, rows }, key)
    const acceptMs = Date.now() - accepted
    if (batch.status !== 'running') throw new Error(`the batch was refused: ${JSON.stringify(batch)}`)
    for (;;) {
      const r = await sql.query('select status, completed_rows, failed_rows from batches where id = $1', [
        batch.id,
      ])
      if (r.rows[0].status !== 'running') {
        if (r.rows[0].failed_rows > 0) throw new Error(`${r.rows[0].failed_rows} rows failed`)
        break
      }
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    const cpuPerRow = {
      workers: (workersCpu() - cpuBefore.workers) / ROWS,
      api: (cpuSeconds(apiProcess.child.pid) - cpuBefore.api) / ROWS,
      // A connection opened meanwhile counts whole; one closed meanwhile is lost (the pools keep theirs).
      postgres:
        (await backendPids(sql, name))
          .map((pid) => cpuSeconds(pid) - (cpuBefore.postgres.get(pid) ?? 0))
          .reduce((a, b) => a + b, 0) / ROWS,
    }
    const last = Number(
      (await sql.query('select max(completed_at) as t from renders where batch_id = $1', [batch.id])).rows[0]
        .t,
    )
    for (let i = 0; i < 600 && hookAt === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 50))
    return {
      rowsPerSecond: ROWS / ((last - accepted) / 1000),
      webhookMs: hookAt === 0 ? Number.NaN : hookAt - last,
      acceptMs,
      cpuPerRow,
    }
  } finally {
    await sql.end().catch(() => {})
    await Promise.all(processes.map((p) => p.stop('SIGTERM')))
    if (WORKER_LOG)
      fs.writeFileSync(
        WORKER_LOG,
        processes
          .slice(1)
          .map((p) => p.output())
          .join('\n'),
      )
    await new Promise((resolve) => receiver.close(resolve))
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

const ms = (seconds: number) => (seconds * 1000).toFixed(1)
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
}

async function main() {
  if (!adminUrl) {
    console.log('bench:batch needs PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL')
    process.exit(1)
  }
  console.log(
    `bench:batch, ${ROWS} rows of "${benchTemplate().id}", ${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)}, server ${SERVER_ENTRY}, ${ROUNDS} rounds`,
  )
  const lines: string[] = []
  const medians: string[] = []
  for (const workers of WORKERS) {
    const ratios: number[] = []
    for (let round = 1; round <= ROUNDS; round += 1) {
      const bare = await rendererRate(workers, ROWS)
      const run = await batchRun(workers)
      ratios.push(run.rowsPerSecond / bare.rate)
      lines.push(
        `| ${workers} | ${round} | ${bare.rate.toFixed(1)} (${ms(bare.cpuPerRow)} ms CPU) | ${run.rowsPerSecond.toFixed(1)} | ${(run.rowsPerSecond / bare.rate).toFixed(2)}× | ${Math.round(run.acceptMs)} | ${Math.round(run.webhookMs)} | ${ms(run.cpuPerRow.workers)} / ${ms(run.cpuPerRow.api)} / ${ms(run.cpuPerRow.postgres)} |`,
      )
      console.log(lines.at(-1))
    }
    medians.push(
      `${workers} worker process${workers === 1 ? '' : 'es'}: median ${median(ratios).toFixed(2)}× (${ratios.map((r) => r.toFixed(2)).join(', ')})`,
    )
  }
  console.log(
    [
      '',
      '| worker processes | round | render() alone, rows/s (CPU per row) | batch through /v1, rows/s | ratio | 202 answered, ms | last row -> webhook, ms | CPU ms per row: workers / api / postgres |',
      '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...lines,
      '',
      ...medians,
    ].join('\n'),
  )
}

if (process.argv[2] === 'render-loop') void renderLoop(Number(process.argv[3]))
else
  main().catch((err) => {
    console.error(err)
    process.exit(1)
  })
