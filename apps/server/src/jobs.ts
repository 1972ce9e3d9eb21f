import type { Kysely } from 'kysely'
import type { Config } from './config'
import type { Database } from './db/schema'
import { Batches, rowErrorsOf } from './features/batches/batches'
import type { Creations } from './features/creations/creations'
import { Renders } from './features/developer/renders'
import { creationsByIds } from './features/developer/renders.queries'
import { Webhooks } from './features/developer/webhooks'
import type { Logger } from './log'
import type { Metrics } from './metrics'
import type { FileUrls } from './services/file-urls'
import { type JobQueue, oneByOne, openJobQueue } from './services/jobs'
import type { MediaStorage } from './services/storage'
import { batchView, renderView } from './v1/views'

/** What runs the developer API's jobs in this process. */
export interface Jobs {
  queue: JobQueue
  /** Sends the webhook deliveries due now (the scheduler does it every WEBHOOK_SCHEDULER_SECONDS). */
  tickWebhooks(): Promise<number>
  /** Starts the queue, and with the `worker` role (or `both`) the workers (`work: false`: none, for tests). */
  start(o?: { work?: boolean }): Promise<void>
  stop(): Promise<void>
}

/**
 * The developer API's work without HTTP (docs/product.md#scaling-out): the queue, renders, batches and the webhooks their
 * settling raises. The app builds its `/v1` on these; a worker process (`ROLE=worker`) runs them alone.
 */
export function jobParts(a: {
  db: Kysely<Database>
  config: Config
  creations: Creations
  storage: MediaStorage
  urls: FileUrls
  now: () => number
  log: Logger
  metrics: Metrics
  /** The queue (tests: a pg-boss queue on their own database); default from `config`. */
  queue?: JobQueue
}) {
  const { db, config, now, log } = a
  const queue =
    a.queue ??
    openJobQueue({
      databaseUrl: config.databaseUrl,
      expireSeconds: config.developerApi.jobExpireSeconds,
      maintenanceSeconds: config.developerApi.jobMaintenanceSeconds,
      log,
    })
  const renders = new Renders({ db, creations: a.creations, queue, now, log })
  const batches = new Batches({
    db,
    renders,
    creations: a.creations,
    storage: a.storage,
    urls: a.urls,
    queue,
    now,
    log,
  })
  const webhooks = new Webhooks({
    db,
    now,
    log,
    allowPrivate: config.developerApi.webhookAllowPrivate,
    timeoutMs: config.developerApi.webhookTimeoutMs,
    onAttempt: (outcome) => a.metrics.webhookAttempt(outcome),
  })
  a.metrics.watchQueue(queue)
  // Events are written in the transaction that settles what they tell; file URLs in them are on PUBLIC_URL.
  const origin = config.billing.publicUrl
  renders.onSettled(async (trx, rows) => {
    const told = rows.filter(
      (r) => r.batch_id === null && (r.status === 'completed' || r.status === 'failed'),
    )
    if (told.length === 0) return
    const creations = await creationsByIds(
      trx,
      told.flatMap((r) => (r.creation_id === null ? [] : [r.creation_id])),
    )
    for (const row of told)
      await webhooks.emit(trx, {
        userId: row.user_id,
        type: row.status === 'completed' ? 'render.completed' : 'render.failed',
        livemode: row.livemode === 1,
        object: renderView(
          row,
          row.creation_id === null ? undefined : creations.get(row.creation_id),
          a.creations,
          origin,
        ),
        alsoUrl: row.webhook_url,
      })
  })
  batches.onFinished(async (trx, b) => {
    await webhooks.emit(trx, {
      userId: b.user_id,
      type: 'batch.completed',
      livemode: b.livemode === 1,
      object: batchView(b, await rowErrorsOf(trx, b.id), batches.results(b), origin),
    })
  })

  let started: Promise<void> | undefined
  let working = false
  const jobs: Jobs = {
    queue,
    tickWebhooks: () => webhooks.tick(),
    async start(o = {}) {
      started ??= queue.start()
      await started
      if (o.work === false || working) return
      working = true
      // The in-process queue has no other process to run its jobs: it always works, whatever the role.
      const works = config.developerApi.role !== 'api' || queue.kind === 'in-process'
      if (config.developerApi.role === 'api' && queue.kind === 'in-process')
        log.warn('ROLE=api needs PostgreSQL to hand jobs to workers; this process runs its own jobs')
      if (works) {
        // Each job's events go out as soon as its transaction has committed.
        await queue.work('render', config.developerApi.workerConcurrency, async (group) => {
          const outcomes = await renders.runMany(group.map((job) => job.renderId))
          webhooks.sendWritten()
          return outcomes
        })
        await queue.work(
          'batch-finish',
          1,
          oneByOne(async ({ batchId }) => {
            await batches.finished(batchId)
            webhooks.sendWritten()
          }),
        )
        webhooks.start(config.developerApi.webhookSchedulerSeconds * 1000)
      }
      if (queue.kind === 'in-process') {
        const requeued = await renders.requeueUnfinished()
        if (requeued > 0) log.info('requeued unfinished renders', { count: requeued })
        const finishing = await batches.requeueFinishing()
        if (finishing > 0) log.info('requeued finishing batches', { count: finishing })
      }
    },
    async stop() {
      await webhooks.stop()
      if (started) await queue.stop()
    },
  }
  return { queue, renders, batches, webhooks, jobs }
}
