import { setTimeout as sleep } from 'node:timers/promises'
import { CompiledQuery, type Kysely } from 'kysely'
import type PgBoss from 'pg-boss'
import type { Database } from '../../db/schema'
import { errorFields, type Logger } from '../../log'
import {
  GroupSize,
  type JobData,
  type JobOutcome,
  type JobQueue,
  QUEUES,
  type QueueDepth,
  type QueueName,
  RETRY_LIMIT,
} from './queue'

/** How long a loop that found no job waits before it asks again (unless woken by {@link PgBossQueue.nudge}). */
const POLL_MS = 500

export interface PgBossOptions {
  url: string
  /** A job running longer than this is taken for dead (its worker was killed) and retried. */
  expireSeconds: number
  /** How often pg-boss looks for such jobs. */
  maintenanceSeconds: number
  log: Logger
}

/** Whether a queue as pg-boss keeps it has the settings this process would give it. */
const sameSettings = (queue: PgBoss.QueueResult, settings: PgBoss.Queue) =>
  queue.policy === settings.policy &&
  queue.retryLimit === settings.retryLimit &&
  queue.retryDelay === settings.retryDelay &&
  queue.retryBackoff === settings.retryBackoff &&
  queue.expireInSeconds === settings.expireInSeconds

/** pg-boss's way to run its statements on our connection: inside the caller's transaction. */
function inTransaction(trx: Kysely<Database>): PgBoss.Db {
  return {
    executeSql: async (text, values) => ({
      rows: (await trx.executeQuery(CompiledQuery.raw(text, values))).rows,
    }),
  }
}

/**
 * The queue on PostgreSQL (pg-boss 10, its own `pgboss` schema): jobs are rows, fetched with
 * `for update skip locked` by any worker process on the database; a job whose worker died expires after
 * `expireSeconds` and is retried elsewhere, with exponential backoff.
 */
export class PgBossQueue implements JobQueue {
  readonly kind = 'pg-boss'
  private loading: Promise<PgBoss> | undefined
  private loaded: PgBoss | undefined
  /** The fetch loops running, and the wakers of those waiting for their next poll. */
  private readonly loops = new Set<Promise<void>>()
  private readonly sleepers = new Map<QueueName, Set<() => void>>()
  private stopping = false

  constructor(private readonly o: PgBossOptions) {}

  /** pg-boss, read and made by the first use: a process on SQLite (the default) never loads it. */
  private boss(): Promise<PgBoss> {
    this.loading ??= import('pg-boss').then(({ default: Boss }) => {
      const boss = new Boss({
        connectionString: this.o.url,
        schema: 'pgboss',
        application_name: 'templet-jobs',
        max: 4,
        maintenanceIntervalSeconds: this.o.maintenanceSeconds,
        // Finished jobs are history the rows already hold: kept a day, then dropped.
        archiveCompletedAfterSeconds: 3600,
        deleteAfterDays: 1,
      })
      boss.on('error', (err) => this.o.log.error('job queue error', errorFields(err)))
      this.loaded = boss
      return boss
    })
    return this.loading
  }

  async start(): Promise<void> {
    await (await this.boss()).start()
    for (const name of QUEUES) await this.ensureQueue(name)
  }

  /** The settings of each of the app's queues: this process's `JOB_EXPIRE_SECONDS`, the retries of the code. */
  private settingsOf(name: QueueName): PgBoss.Queue {
    return {
      name,
      policy: 'standard',
      retryLimit: RETRY_LIMIT,
      retryDelay: 1,
      retryBackoff: true,
      expireInSeconds: this.o.expireSeconds,
    }
  }

  /**
   * Creates the queue, or brings the one an earlier start made to this start's settings: pg-boss's
   * `createQueue` leaves an existing queue as it was, so a changed `JOB_EXPIRE_SECONDS` would never apply.
   * Processes starting together on a new database race to create it, and pg-boss's partition DDL can then
   * deadlock one of them: that one waits a moment and finds it made.
   */
  private async ensureQueue(name: QueueName): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      const boss = await this.boss()
      const settings = this.settingsOf(name)
      const existing = await boss.getQueue(name)
      if (existing) {
        if (!sameSettings(existing, settings)) await this.updateQueue(boss, settings)
        return
      }
      try {
        await boss.createQueue(name, settings)
        return
      } catch (err) {
        const code = (err as { code?: unknown }).code
        if (attempt >= 5 || (code !== '40P01' && code !== '23505' && code !== '42P07')) throw err
        await sleep(50 + Math.random() * 200 * attempt)
      }
    }
  }

  /**
   * Gives the queue `settings`, and its jobs not yet finished the new expiry: pg-boss copies the queue's expiry
   * into each job when it is sent, so a job a killed worker left active would otherwise wait the old one.
   */
  private async updateQueue(boss: PgBoss, settings: PgBoss.Queue): Promise<void> {
    await boss.updateQueue(settings.name, settings)
    await boss.getDb().executeSql(
      `update pgboss.job set expire_in = make_interval(secs => $2)
         where name = $1 and state < 'completed' and expire_in <> make_interval(secs => $2)`,
      [settings.name, this.o.expireSeconds],
    )
    this.o.log.info('job queue settings changed', {
      queue: settings.name,
      expireSeconds: this.o.expireSeconds,
    })
  }

  async send<Q extends QueueName>(
    queue: Q,
    jobs: JobData[Q][],
    o: { trx?: Kysely<Database> } = {},
  ): Promise<void> {
    if (jobs.length === 0) return
    await (await this.boss()).insert(
      jobs.map((data) => ({ name: queue, data })),
      o.trx ? { db: inTransaction(o.trx) } : {},
    )
  }

  /** Wakes this process's loops of `queue` now instead of at their next poll. */
  nudge(queue: QueueName): void {
    for (const wake of this.sleepers.get(queue) ?? []) wake()
  }

  async work<Q extends QueueName>(
    queue: Q,
    concurrency: number,
    handler: (jobs: JobData[Q][]) => Promise<JobOutcome[]>,
  ): Promise<void> {
    const boss = await this.boss()
    const size = new GroupSize(this.o.expireSeconds * 1000)
    for (let i = 0; i < concurrency; i += 1) {
      const loop = this.loop(boss, queue, size, handler)
      this.loops.add(loop)
      void loop.finally(() => this.loops.delete(loop))
    }
  }

  /**
   * One fetch loop (pg-boss's `fetch`, `complete` and `fail`; its own `work` completes a group only as a whole):
   * a group of jobs in one statement, handed to `handler` together, then the done ones completed in one statement
   * and the others failed (retried) in one. A loop that found jobs asks again at once; one that found none waits
   * for the next poll or a nudge. A group whose loop dies with its process expires and runs elsewhere.
   */
  private async loop<Q extends QueueName>(
    boss: PgBoss,
    queue: Q,
    size: GroupSize,
    handler: (jobs: JobData[Q][]) => Promise<JobOutcome[]>,
  ): Promise<void> {
    while (!this.stopping) {
      // pg-boss's fetch answers no jobs when its statement fails: the next poll tries again.
      const jobs = await boss.fetch<JobData[Q]>(queue, { batchSize: size.next() }).catch((err: unknown) => {
        this.o.log.error('job queue error', { queue, ...errorFields(err) })
        return []
      })
      if (jobs.length === 0) {
        await this.sleep(queue)
        continue
      }
      const started = performance.now()
      let outcomes: JobOutcome[]
      try {
        outcomes = await handler(jobs.map((job) => job.data))
      } catch (err) {
        outcomes = jobs.map(() => ({ error: err }))
      }
      size.record(jobs.length, performance.now() - started)
      const done = jobs.filter((_, i) => !outcomes[i]).map((job) => job.id)
      const failed = jobs.flatMap((job, i) => {
        const outcome = outcomes[i]
        return outcome ? [{ id: job.id, error: outcome.error }] : []
      })
      for (const f of failed)
        this.o.log.warn('job failed; retrying', { queue, jobId: f.id, ...errorFields(f.error) })
      try {
        // When this fails, the jobs expire and run again (their handlers make that harmless).
        if (done.length > 0) await boss.complete(queue, done)
        for (const f of failed)
          await boss.fail(queue, f.id, {
            message: f.error instanceof Error ? f.error.message : String(f.error),
          })
      } catch (err) {
        this.o.log.error('job queue error', { queue, ...errorFields(err) })
      }
    }
  }

  private sleep(queue: QueueName): Promise<void> {
    return new Promise((resolve) => {
      const sleepers = this.sleepers.get(queue) ?? new Set()
      this.sleepers.set(queue, sleepers)
      const wake = () => {
        clearTimeout(timer)
        sleepers.delete(wake)
        resolve()
      }
      const timer = setTimeout(wake, POLL_MS)
      sleepers.add(wake)
    })
  }

  async depth(): Promise<QueueDepth[]> {
    const { rows } = await (await this.boss()).getDb().executeSql(
      `select name,
         count(*) filter (where state in ('created', 'retry') and start_after <= now()) as waiting,
         count(*) filter (where state = 'active') as active,
         coalesce(extract(epoch from now() - min(created_on) filter (where state in ('created', 'retry') and start_after <= now())), 0) as oldest,
         coalesce(extract(epoch from now() - min(started_on) filter (where state = 'active')), 0) as oldest_active
       from pgboss.job where name = any($1) and state < 'completed' group by name`,
      [QUEUES],
    )
    const byName = new Map(rows.map((r) => [r.name as string, r]))
    return QUEUES.map((queue) => {
      const r = byName.get(queue)
      return {
        queue,
        waiting: Number(r?.waiting ?? 0),
        active: Number(r?.active ?? 0),
        oldestWaitingSeconds: Number(r?.oldest ?? 0),
        oldestActiveSeconds: Number(r?.oldest_active ?? 0),
      }
    })
  }

  /** Stops fetching, lets the groups in hand finish (10 s at most: the rest expire and run elsewhere), stops pg-boss. */
  async stop(): Promise<void> {
    this.stopping = true
    for (const queue of QUEUES) this.nudge(queue)
    let timer: NodeJS.Timeout | undefined
    await Promise.race([
      Promise.allSettled([...this.loops]),
      new Promise((resolve) => {
        timer = setTimeout(resolve, 10_000)
      }),
    ])
    clearTimeout(timer)
    await this.loaded?.stop({ graceful: true, timeout: 10_000, wait: true })
  }
}
