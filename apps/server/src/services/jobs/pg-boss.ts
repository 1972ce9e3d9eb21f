import { setTimeout as sleep } from 'node:timers/promises'
import { CompiledQuery, type Kysely } from 'kysely'
import type PgBoss from 'pg-boss'
import type { Database } from '../../db/schema'
import { errorFields, type Logger } from '../../log'
import { type JobData, type JobQueue, QUEUES, type QueueDepth, type QueueName, RETRY_LIMIT } from './queue'

export interface PgBossOptions {
  url: string
  /** A job running longer than this is taken for dead (its worker was killed) and retried. */
  expireSeconds: number
  /** How often pg-boss looks for such jobs. */
  maintenanceSeconds: number
  log: Logger
}

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
  private readonly workerIds = new Map<QueueName, string[]>()

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
    for (const name of QUEUES) await this.createQueue(name)
  }

  /**
   * Creates the queue unless it exists. Processes starting together on a new database race to create it, and
   * pg-boss's partition DDL can then deadlock one of them: that one waits a moment and finds it made.
   */
  private async createQueue(name: QueueName): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      const boss = await this.boss()
      if (await boss.getQueue(name)) return
      try {
        await boss.createQueue(name, {
          name,
          policy: 'standard',
          retryLimit: RETRY_LIMIT,
          retryDelay: 1,
          retryBackoff: true,
          expireInSeconds: this.o.expireSeconds,
        })
        return
      } catch (err) {
        const code = (err as { code?: unknown }).code
        if (attempt >= 5 || (code !== '40P01' && code !== '23505' && code !== '42P07')) throw err
        await sleep(50 + Math.random() * 200 * attempt)
      }
    }
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

  /** Wakes this process's workers of `queue` now instead of at their next poll. */
  nudge(queue: QueueName): void {
    for (const id of this.workerIds.get(queue) ?? []) this.loaded?.notifyWorker(id)
  }

  async work<Q extends QueueName>(
    queue: Q,
    concurrency: number,
    handler: (data: JobData[Q]) => Promise<void>,
  ): Promise<void> {
    const boss = await this.boss()
    const ids: string[] = []
    // One fetch loop per slot: each takes one job at a time, so a slow render does not hold others back. pg-boss
    // waits out the polling interval after every fetch; a loop that found a job asks again at once instead
    // (2 jobs per second per loop otherwise), so only an empty queue waits for the next poll.
    for (let i = 0; i < concurrency; i += 1) {
      let id = ''
      id = await boss.work<JobData[Q]>(queue, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async (jobs) => {
        for (const job of jobs) await handler(job.data)
        boss.notifyWorker(id)
      })
      ids.push(id)
    }
    this.workerIds.set(queue, [...(this.workerIds.get(queue) ?? []), ...ids])
  }

  async depth(): Promise<QueueDepth[]> {
    const { rows } = await (await this.boss()).getDb().executeSql(
      `select name,
         count(*) filter (where state in ('created', 'retry') and start_after <= now()) as waiting,
         count(*) filter (where state = 'active') as active,
         coalesce(extract(epoch from now() - min(created_on) filter (where state in ('created', 'retry') and start_after <= now())), 0) as oldest
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
      }
    })
  }

  async stop(): Promise<void> {
    await this.loaded?.stop({ graceful: true, timeout: 10_000, wait: true })
  }
}
