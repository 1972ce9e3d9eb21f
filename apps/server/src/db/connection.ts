import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import {
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase,
  SqliteDialect,
  sql,
} from 'kysely'
import type pg from 'pg'
import { type Listener, type ListenHandlers, listenPostgres } from './pg-listener'
import { statementName } from './prepared'
import type { Database } from './schema'

export type Engine = 'sqlite' | 'postgres'

/** Whether a query builder (or a transaction of it) runs on PostgreSQL, for the few statements that differ. */
export const isPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter

export interface Db {
  engine: Engine
  kysely: Kysely<Database>
  /** A short description for logs, without credentials. */
  label: string
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>
  close(): Promise<void>
  /** PostgreSQL only: a dedicated connection that LISTENs on `channel` (see db/pg-listener.ts). */
  listen?(channel: string, h: ListenHandlers): Listener
}

function withPing(d: Omit<Db, 'ping'>): Db {
  return {
    ...d,
    ping: async () => {
      await sql`select 1`.execute(d.kysely)
    },
  }
}

const INT8_OID = 20

/** pg returns int8 (bigint columns, count(*), sum of int) as strings; ours all fit a JS number. */
function pgTypes(driver: typeof pg): pg.CustomTypesConfig {
  return {
    getTypeParser: ((oid: number, format?: string) =>
      oid === INT8_OID
        ? (v: string) => Number(v)
        : driver.types.getTypeParser(oid, format as 'text')) as pg.CustomTypesConfig['getTypeParser'],
  }
}

/** PostgreSQL's "cached plan must not change result type": a prepared `select *` after a migration added a column. */
const isStalePlan = (err: unknown) =>
  (err as { code?: unknown } | null)?.code === '0A000' && /cached plan/.test(String((err as Error).message))

/**
 * The pool as Kysely uses it, with the prepared queries (db/prepared.ts) run as named statements: PostgreSQL
 * parses and plans each once per connection instead of on every request (bench:api: my-info +22–34 % requests/s,
 * the notification page +16–18 %). A migration by another process can change what a prepared `select *`
 * returns; PostgreSQL then refuses it once per connection, and it is prepared afresh under a new name.
 */
function preparingPool(pool: pg.Pool): PostgresPool {
  let generation = 0
  return {
    async connect() {
      const client = await pool.connect()
      const run = (text: string, values: unknown[]) => {
        const name = statementName(text)
        return client.query(name ? { name: `${name}_${generation}`, text, values } : { text, values })
      }
      return {
        query: (async (text: string, parameters: readonly unknown[]) => {
          const values = [...parameters]
          try {
            return await run(text, values)
          } catch (err) {
            if (!isStalePlan(err)) throw err
            generation += 1
            return await run(text, values)
          }
        }) as unknown as PostgresPoolClient['query'],
        release: () => client.release(),
      }
    },
    end: () => pool.end(),
  }
}

export function openPostgres(url: string, poolSize = 10, onIdleError: (err: Error) => void = () => {}): Db {
  // The driver is loaded by the first query: a process on SQLite (the default) never reads it.
  const pool = async () => {
    const { default: driver } = await import('pg')
    const p = new driver.Pool({ connectionString: url, max: poolSize, types: pgTypes(driver) })
    // An idle client whose connection dropped (server restart, admin kill) is replaced on next use; without a
    // listener the pool's 'error' event would crash the process.
    p.on('error', onIdleError)
    return preparingPool(p)
  }
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  const u = new URL(url)
  return withPing({
    engine: 'postgres',
    kysely,
    label: `postgres://${u.host}${u.pathname}`,
    close: () => kysely.destroy(),
    listen: (channel, h) => listenPostgres(url, channel, h),
  })
}

/**
 * better-sqlite3 that reuses prepared statements by SQL text: Kysely prepares on every query, which was the
 * largest single cost of a simple authenticated read. Bounded, oldest first out.
 */
function reusingStatements(database: SQLite.Database, max = 500): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>()
  return {
    close: () => database.close(),
    prepare(text) {
      let stmt = statements.get(text)
      if (!stmt) {
        stmt = database.prepare(text)
        if (statements.size >= max) statements.delete(statements.keys().next().value as string)
        statements.set(text, stmt)
      }
      return stmt
    },
  }
}

/** How long opening waits for another process that holds a new file's lock (below). */
const WAL_SWITCH_WAIT_MS = 10_000

/**
 * Turns on WAL mode, which takes the file's exclusive lock. While another process still holds a lock in the
 * file's first (rollback) mode, as when two processes start on a new file together, SQLite answers "database
 * is locked" at once instead of calling the busy handler (it could deadlock), so it is tried again here, every
 * 25 ms up to `WAL_SWITCH_WAIT_MS`. Opening is synchronous and happens once, at start, so the wait blocks.
 */
function switchToWal(database: SQLite.Database): void {
  const until = Date.now() + WAL_SWITCH_WAIT_MS
  for (;;) {
    try {
      database.pragma('journal_mode = WAL')
      return
    } catch (err) {
      if ((err as { code?: unknown }).code !== 'SQLITE_BUSY' || Date.now() >= until) throw err
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 25)
    }
  }
}

/** A SQLite file (created with its directory when missing) in WAL mode with foreign keys enforced. */
export function openSqlite(file: string): Db {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const database = new SQLite(file)
  switchToWal(database)
  database.pragma('synchronous = NORMAL')
  database.pragma('foreign_keys = ON')
  database.pragma('busy_timeout = 5000')
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: reusingStatements(database) }),
  })
  return withPing({ engine: 'sqlite', kysely, label: `sqlite:${file}`, close: () => kysely.destroy() })
}

export function openDb(
  opts: { databaseUrl: string | undefined; dataDir: string },
  onIdleError?: (err: Error) => void,
): Db {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, 10, onIdleError)
    : openSqlite(path.join(opts.dataDir, 'templet.db'))
}

/** A row names another that is gone (PostgreSQL 23503, SQLite's FOREIGNKEY constraint). */
export function isForeignKeyViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY'
}

/** True when `err` is a unique-constraint violation, in either engine. */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || !('code' in err)) return false
  const code = (err as { code: unknown }).code
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
}
