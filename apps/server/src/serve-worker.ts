import { Hono } from 'hono'
import type { Config } from './config'
import type { Db } from './db/connection'
import { creationServices } from './features/creations/services'
import { healthRoutes } from './health'
import { jobParts } from './jobs'
import { errorFields, type Logger } from './log'
import { fileUrlSecret, mediaInfra, threadedRenderer } from './media-services'
import { Metrics } from './metrics'
import { serveProcess } from './serve-process'
import { databaseRateLimitStore, RateLimiter } from './services/rate-limit'

/**
 * A worker process (`ROLE=worker`): it runs the developer API's jobs and answers only the load balancer's and
 * the monitoring's requests. It loads what the jobs need (creations, storage, the queue, webhooks), not the
 * HTTP app, its routes or the billing and mail clients: every render's garbage collection walks this heap, so
 * less of it is less CPU per row. The schedulers (billing, account deletion, the orphan sweep) run in the API
 * processes.
 */
export async function serveWorker(config: Config, log: Logger, db: Db): Promise<void> {
  const now = Date.now
  const lifecycle = { draining: false }
  const metrics = new Metrics()
  // The renders in a thread of their own (its heap holds the renderer only), loaded before jobs are taken.
  const renderer = threadedRenderer(config)
  await renderer.start()
  const media = mediaInfra({
    config,
    now,
    options: {
      fileUrlSecret: await fileUrlSecret(db.kysely, config),
      renderer: metrics.timed(renderer),
    },
  })
  const { creations } = creationServices(
    { db, config, now, log, limiter: new RateLimiter(databaseRateLimitStore(db), now) },
    media,
  )
  const { jobs } = jobParts({
    db: db.kysely,
    config,
    creations,
    storage: media.storage,
    urls: media.urls,
    now,
    log,
    metrics,
  })
  await jobs.start()

  const app = new Hono()
  app.route('/', healthRoutes(db, lifecycle, log))
  app.get('/metrics', metrics.handler(config.developerApi.metricsToken))
  app.notFound((c) => c.text('This process runs jobs only (ROLE=worker)', 404))
  serveProcess({
    config,
    log,
    fetch: app.fetch,
    lifecycle,
    describe: { db: db.label, role: config.developerApi.role, queue: jobs.queue.kind },
    afterClose: async () => {
      // Running jobs finish (or, past the queue's timeout, are left to expire and run elsewhere).
      await jobs.stop().catch((err) => log.error('stopping the job queue failed', errorFields(err)))
      await renderer.close()
      await db.close()
    },
  })
}
