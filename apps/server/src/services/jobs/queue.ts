import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'

/** The queues of the app; each job's data names its row (the row holds the state, the job only the turn). */
export type QueueName = 'render' | 'batch-finish'

export interface JobData {
  render: { renderId: number }
  'batch-finish': { batchId: number }
}

export interface QueueDepth {
  queue: QueueName
  /** Jobs waiting to start (retries included). */
  waiting: number
  active: number
  /** Seconds the oldest waiting job has waited (0 without one). */
  oldestWaitingSeconds: number
}

/**
 * Where work is handed to workers (PRODUCT.md §13): pg-boss on PostgreSQL, an in-process queue on the embedded
 * SQLite default, the same interface. A job runs at least once; handlers make running twice harmless (a
 * conditional claim on the row), so a job a dead worker left is simply run again elsewhere.
 */
export interface JobQueue {
  readonly kind: 'pg-boss' | 'in-process'
  start(): Promise<void>
  /**
   * Queues jobs. With `trx` (PostgreSQL) they are written in that transaction, so they exist exactly when what
   * they work on was committed; the in-process queue runs them once the caller's transaction has let go of the
   * database.
   */
  send<Q extends QueueName>(queue: Q, jobs: JobData[Q][], o?: { trx?: Kysely<Database> }): Promise<void>
  /**
   * Runs `handler` for each job of `queue`, `concurrency` at a time, in this process. A handler that throws
   * has its job retried later (with backoff); one that returns has finished it.
   */
  work<Q extends QueueName>(
    queue: Q,
    concurrency: number,
    handler: (data: JobData[Q]) => Promise<void>,
  ): Promise<void>
  /** Wakes this process's workers of `queue` now (after the transaction that sent jobs committed). */
  nudge(queue: QueueName): void
  depth(): Promise<QueueDepth[]>
  /** Stops taking jobs and waits (a while) for the running ones. */
  stop(): Promise<void>
}

export const QUEUES: readonly QueueName[] = ['render', 'batch-finish']
/** A job that failed this many times is left failed (handlers settle their rows before that). */
export const RETRY_LIMIT = 5
