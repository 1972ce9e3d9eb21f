/**
 * `pnpm --filter @templet/server bench:api`: requests/s and latency of two authenticated reads against a warm
 * database (10,000 users, 100,000 notifications), next to a bare Hono "hello" route, on SQLite and PostgreSQL.
 *
 * The servers run in a child process so the load generator (autocannon, in this process) does not share their
 * event loop. PostgreSQL: BENCH_DATABASE_URL or DATABASE_URL (a fresh database is created in that cluster),
 * else the throwaway cluster of scripts/pg-start.sh is started (and stopped after). Loopback only.
 */
import { execFileSync, fork } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import autocannon from 'autocannon'
import { Hono } from 'hono'
import { requestId } from 'hono/request-id'
import { sql } from 'kysely'
import pg from 'pg'
import { createApp } from '../src/app'
import { loadConfig } from '../src/config'
import type { Engine } from '../src/db/connection'
import { migrate } from '../src/db/migrations'
import { createPasswords } from '../src/features/accounts/passwords'
import { Sessions } from '../src/features/accounts/sessions'
import { seedCatalogue } from '../src/features/templates/catalogue'
import { securityHeaders } from '../src/security-headers'
import { freshDb } from '../test/harness'

const USERS = 10_000
const NOTIFICATIONS = 100_000
const DURATION_S = Number(process.env.BENCH_DURATION_SECONDS ?? 5)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64)
const here = fileURLToPath(import.meta.url)
/** Where scripts/pg-start.sh puts its cluster by default. */
const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:54329/app'
const repoRoot = path.resolve(path.dirname(here), '../../..')

type Ready = { hello: number; api: number; token: string; seedMs: number }

/** Child: a fresh database of `engine`, seeded in bulk, served by the real app and by a bare Hono app. */
async function serveEngine(engine: Engine) {
  const { db, drop } = await freshDb(engine)
  await migrate(db)
  await seedCatalogue(db.kysely)
  const t0 = performance.now()
  const hash = await createPasswords({ memoryCost: 19_456, timeCost: 2 }).hash('bench-password')
  const now = Date.now()
  await db.kysely.transaction().execute(async (tx) => {
    for (let i = 0; i < USERS; i += 1000) {
      const rows = Array.from({ length: Math.min(1000, USERS - i) }, (_, k) => ({
        email: `bench${i + k}@example.com`,
        name: `Bench ${i + k}`,
        password_hash: hash,
        created_at: now,
      }))
      await tx.insertInto('users').values(rows).execute()
    }
    const ids = (await tx.selectFrom('users').select('id').orderBy('id').execute()).map((r) => r.id)
    await tx
      .insertInto('credit_ledger')
      .values(ids.slice(0, 1).map((id) => ({ user_id: id, delta: 5, reason: 'signup', created_at: now })))
      .execute()
    for (let i = 0; i < NOTIFICATIONS; i += 1000) {
      const rows = Array.from({ length: 1000 }, (_, k) => {
        const n = i + k
        return {
          user_id: ids[n % ids.length] as number,
          type: 'creation_ready',
          params: JSON.stringify({ creationId: n + 1, templateId: 1, typeId: 1, name: `Creation ${n}` }),
          checked: n % 3 === 0 ? 1 : 0,
          created_at: now - n * 1000,
        }
      })
      await tx.insertInto('notifications').values(rows).execute()
    }
    for (let i = 0; i < ids.length; i += 1000) {
      await tx
        .insertInto('credit_ledger')
        .values(
          ids
            .slice(Math.max(1, i), i + 1000)
            .map((id) => ({ user_id: id, delta: 5, reason: 'signup', created_at: now })),
        )
        .execute()
    }
  })
  if (engine === 'postgres') await sql`analyze`.execute(db.kysely)
  const seedMs = performance.now() - t0

  const benchUser = await db.kysely
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'bench5000@example.com')
    .executeTakeFirstOrThrow()
  // A small build of its own, so the static figure does not depend on the web app being built.
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'templet-bench-web-'))
  fs.writeFileSync(path.join(webDist, 'robots.txt'), 'User-agent: *\nDisallow: /api/\nDisallow: /app\n')
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Templet</title><div id="root"></div>',
  )
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: os.tmpdir(), WEB_DIST: webDist })
  const token = await new Sessions(db.kysely, {
    ttlSeconds: 7 * 86400,
    graceSeconds: 60,
    now: Date.now,
  }).issue(benchUser.id)
  const app = createApp({ db, config })
  // The bare route twice: as it is, and with every header an answer of the app carries (the same request id
  // and security headers middleware as app.ts), which shows how much of the gap is the headers alone.
  const hello = new Hono()
    .use('/hello-headers', requestId({ limitLength: 64 }), securityHeaders([]))
    .get('/hello', (c) => c.json({ hello: 'world' }))
    .get('/hello-headers', (c) => c.json({ hello: 'world' }))
  const listen = (fetch: (r: Request) => Response | Promise<Response>) =>
    new Promise<number>((resolve) => {
      const s = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(info.port))
      process.once('disconnect', () => s.close())
    })
  const ready: Ready = { hello: await listen(hello.fetch), api: await listen(app.fetch), token, seedMs }
  process.send?.(ready)
  // The parent asks for this process's CPU time around each target: CPU per request holds up on a busy machine.
  process.on('message', (m) => {
    if (m === 'cpu') {
      const u = process.cpuUsage()
      process.send?.({ cpuMicros: u.user + u.system })
    }
  })
  process.once('disconnect', () => {
    void drop().finally(() => process.exit(0))
  })
}

interface Row {
  engine: Engine
  target: string
  /** Server CPU time per request, microseconds. */
  cpuUs: number
  rps: number
  p50: number
  p99: number
  ratio: number
  /** Against the bare route sending the app's headers. */
  ratioWithHeaders: number
}

async function measure(url: string, headers: Record<string, string>, cpu: () => Promise<number>) {
  const check = await fetch(url, { headers })
  const text = await check.text()
  const body = (check.headers.get('content-type')?.includes('json') ? JSON.parse(text) : {}) as {
    code?: number
  }
  if (check.status !== 200 || (body.code !== undefined && body.code !== 0)) {
    throw new Error(`${url} answered ${check.status} ${text.slice(0, 200)}`)
  }
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers }) // warm-up (JIT, caches), not counted
  const before = await cpu()
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers })
  const cpuUs = ((await cpu()) - before) / r.requests.total
  if (r.non2xx || r.errors || r.timeouts)
    throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`)
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, cpuUs }
}

async function benchEngine(engine: Engine, env: NodeJS.ProcessEnv): Promise<Row[]> {
  // BENCH_PROFILE_DIR: the servers write a V8 CPU profile there (open it in Chrome's DevTools).
  const profile = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : []
  const child = fork(here, ['--serve', engine], {
    env,
    execArgv: ['--import', 'tsx', ...profile],
    stdio: 'inherit',
  })
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready))
    child.once('exit', (code) => reject(new Error(`the ${engine} server exited with ${code}`)))
  })
  console.log(
    `${engine}: seeded ${USERS} users and ${NOTIFICATIONS} notifications in ${(ready.seedMs / 1000).toFixed(1)} s`,
  )
  const auth = { authorization: `Bucket ${ready.token}` }
  const targets: [string, string, Record<string, string>][] = [
    ['hello (bare hono)', `http://127.0.0.1:${ready.hello}/hello`, {}],
    ["hello with the app's headers (bare hono)", `http://127.0.0.1:${ready.hello}/hello-headers`, {}],
    ['GET /robots.txt (static file)', `http://127.0.0.1:${ready.api}/robots.txt`, {}],
    ['GET /api/user/my-info', `http://127.0.0.1:${ready.api}/api/user/my-info`, auth],
    [
      'GET /api/user/my-notification?check=0&page=1&pageSize=10',
      `http://127.0.0.1:${ready.api}/api/user/my-notification?check=0&page=1&pageSize=10`,
      auth,
    ],
  ]
  const cpu = () =>
    new Promise<number>((resolve) => {
      child.once('message', (m) => resolve((m as { cpuMicros: number }).cpuMicros))
      child.send('cpu')
    })
  const measured = []
  for (const [target, url, headers] of targets)
    measured.push({ target, ...(await measure(url, headers, cpu)) })
  const [hello, helloWithHeaders] = measured.map((m) => m.rps)
  const rows: Row[] = measured.map((m) => ({
    engine,
    ...m,
    ratio: m.rps / (hello ?? m.rps),
    ratioWithHeaders: m.rps / (helloWithHeaders ?? m.rps),
  }))
  child.disconnect()
  await new Promise((resolve) => child.once('exit', resolve))
  return rows
}

/** Whether a PostgreSQL at `url` answers (a cluster someone else started is used, and left running). */
async function answers(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 })
  try {
    await c.connect()
    return true
  } catch {
    return false
  } finally {
    await c.end().catch(() => {})
  }
}

async function postgresUrl(): Promise<{ url: string; stop?: () => void } | undefined> {
  const given = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL
  if (given) return { url: given }
  if (process.env.BENCH_SKIP_POSTGRES === '1') return undefined
  if (await answers(DEFAULT_PG_URL)) return { url: DEFAULT_PG_URL }
  try {
    const out = execFileSync('bash', [path.join(repoRoot, 'scripts/pg-start.sh')], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
    const url =
      out
        .trim()
        .split('\n')
        .at(-1)
        ?.replace(/^DATABASE_URL=/, '') ?? ''
    return {
      url,
      stop: () => execFileSync('bash', [path.join(repoRoot, 'scripts/pg-stop.sh')], { stdio: 'ignore' }),
    }
  } catch (err) {
    console.log(
      `PostgreSQL skipped: could not start the throwaway cluster (${(err as Error).message.split('\n')[0]})`,
    )
    return undefined
  }
}

async function main() {
  console.log(
    `Templet API benchmark: ${os.cpus().length} cores (${os.cpus()[0]?.model}), Node ${process.version}`,
  )
  console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION_S} s per target, loopback`)
  console.log(
    `load average (1/5/15 min) at the start: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}\n`,
  )
  const rows = await benchEngine('sqlite', { ...process.env, TEST_DATABASE_URL: '' })
  const pgConn = await postgresUrl()
  if (pgConn) {
    try {
      rows.push(...(await benchEngine('postgres', { ...process.env, TEST_DATABASE_URL: pgConn.url })))
    } finally {
      pgConn.stop?.()
    }
  }
  console.log(
    "\n| engine | target | req/s | p50 ms | p99 ms | vs hello | vs hello with the app's headers | server CPU/request |",
  )
  console.log('|---|---|---:|---:|---:|---:|---:|---:|')
  const percent = (x: number) => `${(x * 100).toFixed(0)}%`
  for (const r of rows) {
    console.log(
      `| ${r.engine} | ${r.target} | ${Math.round(r.rps).toLocaleString('en-US')} | ${r.p50} | ${r.p99} | ${percent(r.ratio)} | ${percent(r.ratioWithHeaders)} | ${Math.round(r.cpuUs)} µs |`,
    )
  }
  console.log(
    `\nload average (1/5/15 min) at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}`,
  )
}

if (process.argv[2] === '--serve') {
  serveEngine(process.argv[3] as Engine).catch((err) => {
    console.error(err)
    process.exit(1)
  })
} else {
  main().catch((err) => {
    console.error(err)
    process.exit(1)
  })
}
