import { EventEmitter } from 'node:events'
import { type Kysely, sql } from 'kysely'
import { isPostgres } from './connection'
import type { Database } from './schema'

/**
 * Wake-up signals for the live notification stream. A signal names a user and what changed; it carries no
 * notification: a stream that hears it reads that user's new rows from the database, so a signal can never
 * put one user's notification on another user's stream, and a lost or spurious signal costs a query at most.
 *
 * PostgreSQL: `pg_notify` on {@link LIVE_CHANNEL}, inside the writer's transaction, which PostgreSQL delivers
 * at commit (and drops on rollback) to every process that listens, this one included.
 * SQLite: an in-process event. Live delivery on SQLite is for one process (SQLite is one process's store here).
 */
export const LIVE_CHANNEL = 'templet_live'

export type LiveSignal =
  /** New notification rows for the user. */
  | { kind: 'notification'; userId: number }
  /** A session of the user ended (logout): its streams check their session now. */
  | { kind: 'session'; userId: number }

const PREFIX = { notification: 'n', session: 's' } as const

export const encodeSignal = (s: LiveSignal): string => `${PREFIX[s.kind]}:${s.userId}`

export function decodeSignal(payload: string): LiveSignal | undefined {
  const m = /^([ns]):(\d{1,15})$/.exec(payload)
  if (!m) return undefined
  return { kind: m[1] === 'n' ? 'notification' : 'session', userId: Number(m[2]) }
}

const local = new EventEmitter()
// One listener per app in this process (tests run several); not a leak.
local.setMaxListeners(0)

/** Listens to this process's in-process signals (the SQLite path); returns the unsubscribe. */
export function onLocalSignal(listener: (s: LiveSignal) => void): () => void {
  local.on('signal', listener)
  return () => local.off('signal', listener)
}

/**
 * Raises `signals` through `db`: on PostgreSQL within `db`'s transaction when it is one. On SQLite the event
 * goes out right away; a stream that hears it queries through the shared connection, which Kysely hands out
 * only after the writer's transaction has ended, so it reads the committed rows (or none after a rollback).
 */
export async function raiseSignals(db: Kysely<Database>, signals: LiveSignal[]): Promise<void> {
  const payloads = [...new Set(signals.map(encodeSignal))]
  if (payloads.length === 0) return
  if (isPostgres(db)) {
    for (const p of payloads) await sql`select pg_notify(${LIVE_CHANNEL}, ${p})`.execute(db)
    return
  }
  for (const p of payloads) local.emit('signal', decodeSignal(p))
}
