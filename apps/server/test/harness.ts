import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'
import { type App, type AppOptions, createAppParts } from '../src/app'
import { loadConfig } from '../src/config'
import { type Db, type Engine, openPostgres, openSqlite } from '../src/db/connection'
import { fileUrlSecret, type MediaOptions } from '../src/media-services'
import { listen } from '../src/server'
import { PgBossQueue } from '../src/services/jobs/pg-boss'
import type { MediaStorage } from '../src/services/storage'

export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']

/**
 * A fresh database of the engine: a SQLite file in a temp dir, or a new PostgreSQL database; empty, or with
 * `seeded` a copy of the run's migrated and seeded one (test/global-setup.ts).
 */
export async function freshDb(
  engine: Engine,
  { seeded = false }: { seeded?: boolean } = {},
): Promise<{
  db: Db
  drop(): Promise<void>
  reopen(): Db
  url: string | undefined
  dataDir: string | undefined
}> {
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'templet-test-'))
    if (seeded) fs.copyFileSync(inject('seededSqliteFile'), path.join(dir, 'templet.db'))
    const db = openSqlite(path.join(dir, 'templet.db'))
    return {
      db,
      reopen: () => openSqlite(path.join(dir, 'templet.db')),
      url: undefined,
      dataDir: dir,
      async drop() {
        await db.close()
        fs.rmSync(dir, { recursive: true, force: true })
      },
    }
  }
  const adminUrl = process.env.TEST_DATABASE_URL as string
  const name = `templet_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}${seeded ? ` template ${inject('seededPostgresName')}` : ''}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const db = openPostgres(url.toString(), 20)
  return {
    db,
    reopen: () => openPostgres(url.toString(), 20),
    url: url.toString(),
    dataDir: undefined,
    async drop() {
      await db.close()
      const c = new pg.Client({ connectionString: adminUrl })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    },
  }
}

/** The environment of a test server: silent, cheap password hashing, limits out of the way. */
export const testEnv = (): Record<string, string> => ({
  LOG_LEVEL: 'silent',
  ARGON2_MEMORY_KIB: '64',
  ARGON2_TIME_COST: '1',
  REGISTER_LIMIT: '100000',
  LOGIN_IP_LIMIT: '100000',
  LOGIN_FAILURE_LIMIT: '100000',
  LOGIN_SOURCE_FAILURE_LIMIT: '100000',
  CONTACT_LIMIT: '100000',
  // The wait before refusing an abusive body is the abuse tests' business (answer-size.test.ts).
  ABUSIVE_REFUSAL_DELAY_MS: '0',
  // A render asked of /v1 is answered 201 when it finishes within this wait, else 202: a busy machine must not
  // turn the tests' 201 into a 202 (the tests of 202 ask for it with `Prefer: respond-async` or a wait of 0).
  RENDER_WAIT_MS: '60000',
  WEB_DIST: path.join(os.tmpdir(), 'templet-no-web-build'),
})

export interface Reply<T = unknown> {
  code: number
  msg: string
  data: T
  total?: number
}

export interface CallOptions {
  body?: unknown
  /** Sent as is (not JSON-encoded) when a string. */
  rawBody?: string
  /** Sent as multipart/form-data (fetch sets the Content-Type). */
  form?: FormData
  token?: string
  query?: Record<string, string | number>
  headers?: Record<string, string>
}

export interface LogEntry {
  level: 'error' | 'warn' | 'info' | 'debug'
  msg: string
  fields?: Record<string, unknown>
}

export interface TestServer {
  url: string
  db: Db
  engine: Engine
  lifecycle: { draining: boolean }
  /** What the server logged (without the per-request lines), for tests of logging. */
  logged: LogEntry[]
  storage: MediaStorage
  dataDir: string
  /** The server's clock, ms since the epoch; tests move it with {@link advance}. */
  now(): number
  advance(ms: number): void
  // biome-ignore lint/suspicious/noExplicitAny: replies are checked by the assertions that read them
  call<T = any>(
    method: 'GET' | 'POST',
    path: string,
    o?: CallOptions,
  ): Promise<Reply<T> & { headers: Headers }>
  /** Registers a fresh account and returns its token and user. */
  signUp(
    name?: string,
  ): Promise<{ token: string; user: { id: number; email: string }; email: string; password: string }>
  /** The app's services, for tests that drive the scheduler. */
  parts: App
  /** A second server process on the same database: its own connection, app and clock. */
  twin(env?: Record<string, string>): Promise<TestServer>
  close(): Promise<void>
}

export interface StartOptions {
  /** Share this database instead of a fresh one (closed, not dropped, by `close`). */
  shared?: { db: Db; now: number; reopen(): Db; dataDir: string; url?: string | undefined }
  /**
   * Start the developer API's job queue (pg-boss on PostgreSQL) and its workers, or (`queue`) the queue alone, so
   * that jobs wait; off unless a test needs them.
   */
  jobs?: boolean | 'queue'
  app?: Partial<AppOptions>
  /** Media storage, file URL key and renderer (see `mediaInfra`). */
  media?: MediaOptions
}

let accountSeq = 0

/** Starts the whole app on a loopback port with a fresh database of `engine` and its own DATA_DIR. */
export async function startServer(
  engine: Engine,
  env: Record<string, string> = {},
  opts: StartOptions = {},
): Promise<TestServer> {
  const fresh = opts.shared
    ? {
        db: opts.shared.db,
        drop: () => opts.shared?.db.close() ?? Promise.resolve(),
        reopen: opts.shared.reopen,
      }
    : await freshDb(engine, { seeded: true })
  const { db, drop, reopen } = fresh
  const dbUrl = opts.shared ? opts.shared.url : (fresh as { url?: string }).url
  let clock = opts.shared?.now ?? Date.now()
  // A twin shares its first server's media directory, as processes share DATA_DIR.
  const dataDir = opts.shared?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'templet-data-'))
  const config = loadConfig({ ...testEnv(), DATA_DIR: dataDir, ...env })
  const logged: LogEntry[] = []
  const keep = (level: LogEntry['level']) => (msg: string, fields?: Record<string, unknown>) => {
    if (msg !== 'request') logged.push({ level, msg, fields })
  }
  const log = { error: keep('error'), warn: keep('warn'), info: keep('info'), debug: keep('debug') }
  const parts = createAppParts({
    db,
    config,
    log,
    now: () => clock,
    checkResponses: true,
    ...opts.app,
    media: { fileUrlSecret: await fileUrlSecret(db.kysely, config), ...opts.media },
    ...(dbUrl
      ? {
          jobQueue: new PgBossQueue({
            url: dbUrl,
            expireSeconds: config.developerApi.jobExpireSeconds,
            maintenanceSeconds: config.developerApi.jobMaintenanceSeconds,
            log,
          }),
        }
      : {}),
  })
  if (opts.jobs) await parts.jobs.start({ work: opts.jobs === true })
  const { hono, lifecycle, storage } = parts
  const server = listen({
    fetch: hono.fetch,
    port: 0,
    hostname: '127.0.0.1',
    ...config.http,
  })
  await new Promise<void>((resolve) =>
    server.listening ? resolve() : server.once('listening', () => resolve()),
  )
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const call: TestServer['call'] = async (method, p, o = {}) => {
    const qs = o.query
      ? `?${new URLSearchParams(Object.entries(o.query).map(([k, v]): [string, string] => [k, String(v)]))}`
      : ''
    const res = await fetch(`${url}/api${p}${qs}`, {
      method,
      headers: {
        ...(o.form ? {} : { 'content-type': 'application/json' }),
        ...(o.token ? { authorization: `Bucket ${o.token}` } : {}),
        ...o.headers,
      },
      body: o.form ?? o.rawBody ?? (o.body === undefined ? undefined : JSON.stringify(o.body)),
    })
    if (res.status !== 200) throw new Error(`HTTP ${res.status} for ${method} ${p}: ${await res.text()}`)
    return { ...((await res.json()) as Reply<never>), headers: res.headers }
  }

  return {
    url,
    db,
    engine,
    lifecycle,
    logged,
    storage,
    dataDir,
    now: () => clock,
    advance: (ms) => {
      clock += ms
    },
    call,
    parts,
    // On PostgreSQL a twin has its own pool, as a second process would. better-sqlite3 is synchronous: two
    // connections in one process would deadlock (one waits for the lock, blocking the loop the other needs to
    // commit), so on SQLite the twin shares the connection and its races are interleaved on it.
    twin: (twinEnv = env) =>
      startServer(engine, twinEnv, {
        shared: {
          db: engine === 'sqlite' ? { ...db, close: async () => {} } : reopen(),
          now: clock,
          reopen,
          dataDir,
          url: dbUrl,
        },
        app: opts.app,
        media: opts.media,
        jobs: opts.jobs,
      }),
    async signUp(name) {
      accountSeq += 1
      const email = `user${accountSeq}-${randomBytes(4).toString('hex')}@example.com`
      const password = 'correct horse battery'
      const r = await call('POST', '/user/register', { body: { email, password, ...(name ? { name } : {}) } })
      if (r.code !== 0) throw new Error(`sign-up failed: ${r.code} ${r.msg}`)
      return { token: r.data.token, user: r.data.user, email, password }
    },
    async close() {
      await parts.streams.close()
      await parts.jobs.stop()
      if ('closeAllConnections' in server) server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await parts.mail.sent()
      await drop()
      if (!opts.shared) fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
