import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'

/** The queues of the app; each job's data names its row (the row holds the state, the job only the turn). */
export type QueueName = 'render' | 'batch-finish'

export interface JobData {
  render: { renderId: number }
  'batch-finish': { batchId: number }
}

/** A job's end as its handler tells it: done, or an error to retry it for. */
export type JobOutcome = null | { error: unknown }

export interface QueueDepth {
  queue: QueueName
  /** Jobs waiting to start (retries included). */
  waiting: number
  active: number
  /** Seconds the oldest waiting job has waited (0 without one). */
  oldestWaitingSeconds: number
  /** Seconds the oldest active job has run (0 without one). */
  oldestActiveSeconds: number
}

/**
 * Where work is handed to workers (docs/product.md#scaling-out): pg-boss on PostgreSQL, an in-process queue on the embedded
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
   * Runs jobs of `queue` in this process: `concurrency` loops, each taking a group of up to
   * {@link GroupSize.next} jobs at a time and handing them to `handler` together, so that what a job costs the
   * database (its fetch, its completion, the handler's transaction) is paid once per group. The handler says of
   * each job, in order, whether it is done (`null`) or is to be retried later (with backoff) for an error; one
   * that throws has its whole group retried.
   */
  work<Q extends QueueName>(
    queue: Q,
    concurrency: number,
    handler: (jobs: JobData[Q][]) => Promise<JobOutcome[]>,
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

/** The most jobs a loop takes at once. */
export const MAX_GROUP = 8

/**
 * How many jobs a loop takes at once: as many as it runs in an eighth of `budgetMs` at the pace its last groups
 * went (between 1 and {@link MAX_GROUP}), so that a group ends well before its jobs are taken for dead and run
 * elsewhere (pg-boss's expiry), however slow the machine is at the moment. The first group is one job.
 */
export class GroupSize {
  private msPerJob: number | undefined

  constructor(private readonly budgetMs: number) {}

  next(): number {
    if (this.msPerJob === undefined) return 1
    return Math.max(1, Math.min(MAX_GROUP, Math.floor(this.budgetMs / 8 / Math.max(this.msPerJob, 1))))
  }

  /** A group of `jobs` took `ms`. A slower pace counts at once, a faster one over a few groups. */
  record(jobs: number, ms: number): void {
    const pace = ms / Math.max(jobs, 1)
    this.msPerJob =
      this.msPerJob === undefined || pace > this.msPerJob ? pace : (this.msPerJob * 3 + pace) / 4
  }
}

/** A handler of a group of jobs that runs them one after the other, each done or retried alone. */
export function oneByOne<T>(handler: (job: T) => Promise<void>): (jobs: T[]) => Promise<JobOutcome[]> {
  return async (jobs) => {
    const outcomes: JobOutcome[] = []
    for (const job of jobs)
      outcomes.push(
        await handler(job).then(
          () => null,
          (error: unknown) => ({ error }),
        ),
      )
    return outcomes
  }
}
