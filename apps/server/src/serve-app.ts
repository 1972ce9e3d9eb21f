import { createAppParts } from './app'
import type { Config } from './config'
import type { Db } from './db/connection'
import { startAccountScheduler } from './features/accounts/account-deletion'
import { DEMO_ACCOUNT, seedDemoAccount } from './features/accounts/demo'
import { billingTick, startBillingScheduler } from './features/billing/billing-scheduler'
import { errorFields, type Logger } from './log'
import { fileUrlSecret, threadedRenderer } from './media-services'
import { serveProcess } from './serve-process'
import { scheduleOrphanSweep } from './services/media-sweep'

/**
 * The app's process (`ROLE` api or both): the HTTP app, the schedulers (billing, account deletion, the orphan
 * sweep) and, with `both`, the workers.
 */
export async function serveApp(config: Config, log: Logger, db: Db): Promise<void> {
  // Creations, /v1 renders and batch rows draw in a thread of their own, started by the first render.
  const renderer = threadedRenderer(config)
  // TEMPLET_FAULT is for the fault tests only (test/billing-fault.test.ts): it crashes on purpose.
  const {
    hono,
    accounts,
    lifecycle,
    storage,
    checkouts,
    subscriptions,
    offers,
    creations,
    streams,
    jobs,
    accountDeletion,
    mail,
  } = createAppParts({
    db,
    config,
    log,
    media: { fileUrlSecret: await fileUrlSecret(db.kysely, config), renderer },
    fault: process.env.TEMPLET_FAULT,
  })
  const sweep = scheduleOrphanSweep(db.kysely, storage, config, log)
  // Before taking requests: grant what a crash left charged but not granted (a failure is logged, not fatal:
  // the scheduler tries again).
  await billingTick(checkouts, subscriptions).catch((err) =>
    log.error('billing tick at start failed', errorFields(err)),
  )
  const stopScheduler = startBillingScheduler(
    checkouts,
    subscriptions,
    config.billing.schedulerSeconds * 1000,
    log,
  )
  // Accounts whose deletion grace period ended are purged by whichever process gets there first.
  const stopAccountScheduler = startAccountScheduler(
    accountDeletion,
    config.account.schedulerSeconds * 1000,
    log,
  )
  if (config.demoData && (await seedDemoAccount(db.kysely, { accounts, creations, offers }, Date.now))) {
    log.info('seeded the demo account', { email: DEMO_ACCOUNT.email })
  }

  // Streams opened from the first request on hear every signal.
  await streams.start()
  // The developer API's queue, and with ROLE=both the workers that run its jobs.
  await jobs.start()

  serveProcess({
    config,
    log,
    fetch: hono.fetch,
    lifecycle,
    describe: { db: db.label, web: config.webDist, role: config.developerApi.role, queue: jobs.queue.kind },
    beforeClose: (server) => {
      stopScheduler()
      stopAccountScheduler()
      clearInterval(sweep)
      // Open streams would hold the server open: end them (clients reconnect, to a process that is not
      // draining), then drop the connections they leave idle.
      return streams
        .close()
        .then(() => setImmediate(() => 'closeIdleConnections' in server && server.closeIdleConnections()))
    },
    afterClose: async () => {
      // Running jobs finish (or, past the queue's timeout, are left to expire and run elsewhere).
      await jobs.stop().catch((err) => log.error('stopping the job queue failed', errorFields(err)))
      await mail.sent()
      await renderer.close()
      await db.close()
    },
  })
}
