import path from 'node:path'
import { Code } from '@templet/api/contract'
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { requestId } from 'hono/request-id'
import type { Config } from './config'
import type { Db } from './db/connection'
import { accountsFeature } from './features/accounts'
import type { AccountDeletion } from './features/accounts/account-deletion'
import type { AccountMail } from './features/accounts/account-mail'
import type { Accounts } from './features/accounts/accounts'
import { batchesFeature } from './features/batches'
import { billingFeature } from './features/billing'
import type { Checkouts } from './features/billing/checkouts'
import type { Offers } from './features/billing/offers'
import type { StripeClientOptions } from './features/billing/payment-provider'
import type { Subscriptions } from './features/billing/subscriptions'
import { brandKitFeature } from './features/brand-kit'
import { contactFeature } from './features/contact'
import { creationsFeature } from './features/creations'
import type { Creations } from './features/creations/creations'
import { dashboardFeature } from './features/dashboard'
import { developerFeature } from './features/developer'
import { notificationsFeature } from './features/notifications'
import type { NotificationStreams } from './features/notifications/notification-streams'
import { reviewsFeature } from './features/reviews'
import type { SharedDeps } from './features/shared-deps'
import { teamsFeature } from './features/teams'
import { templatesFeature } from './features/templates'
import { uploadsFeature } from './features/uploads'
import { healthRoutes } from './health'
import type { Jobs } from './jobs'
import { createLogger, errorFields, type Logger } from './log'
import { type MediaOptions, mediaInfra } from './media-services'
import { Metrics } from './metrics'
import { type AppEnv, apiRouter, reply } from './routes/api'
import { fileRoutes } from './routes/file'
import { securityHeaders } from './security-headers'
import type { JobQueue } from './services/jobs'
import { createMailer, type Mailer } from './services/mail/mailer'
import { databaseRateLimitStore, RateLimiter } from './services/rate-limit'
import { defaultRenderer } from './services/renderer'
import { directOrigins, type MediaStorage } from './services/storage'
import { apiReference } from './web/api-reference'
import { outboxPage } from './web/outbox-page'
import { mountWebApp } from './web/static'

export interface AppOptions {
  db: Db
  config: Config
  /** The clock, ms since the epoch; tests move it. */
  now?: () => number
  log?: Logger
  /** Parse every success answer with the contract before sending it (for tests). */
  checkResponses?: boolean
  /** Media storage, file URL key and renderer; defaults from `config` (see {@link mediaInfra}). */
  media?: MediaOptions
  /** Where the Stripe client sends its requests (tests: a fake server on loopback). */
  stripeClientOptions?: StripeClientOptions
  /** Test-only fault injection (`crash-after-charge`); see features/billing/checkouts.ts. */
  fault?: string
  /** The developer API's job queue (tests: pg-boss on their own database); default from `config`. */
  jobQueue?: JobQueue
  /** Where mail goes; default from `config` (SMTP, or the outbox under DATA_DIR). */
  mailer?: Mailer
}

export interface App {
  /** The Hono app: hand `app.fetch` to a server. */
  hono: Hono<AppEnv>
  accounts: Accounts
  /** Set `draining` on shutdown: /readyz answers 503 and every answer closes its connection. */
  lifecycle: { draining: boolean }
  storage: MediaStorage
  checkouts: Checkouts
  subscriptions: Subscriptions
  offers: Offers
  creations: Creations
  /** The open notification streams (`start()` them to hear signals before the first stream opens). */
  streams: NotificationStreams
  /** The developer API's queue and workers (`start()` them; main.ts does, by `ROLE`). */
  jobs: Jobs
  /** Purges accounts whose deletion grace period has ended (main.ts runs it on a timer). */
  accountDeletion: AccountDeletion
  /** The account's mail, sent in the background: await `sent()` before the process ends. */
  mail: AccountMail
}

/**
 * While draining for a shutdown, clients are told to reconnect (to another process). An answer sent before
 * the request's body was read (a 413, an early 401) keeps its connection: the server reads the rest of the
 * body after it (server.ts), so the client gets the answer instead of a reset.
 */
function mustCloseConnection(lifecycle: { draining: boolean }): boolean {
  return lifecycle.draining
}

/** The client closed the connection before its request was read (Node's `aborted`, ECONNRESET). */
function isClientAbort(err: unknown, req: Request): boolean {
  return req.signal.aborted || (err as { code?: unknown } | null)?.code === 'ECONNRESET'
}

/** Builds the whole server (API, docs, web app) without listening. */
export function createApp(o: AppOptions): Hono<AppEnv> {
  return createAppParts(o).hono
}

/**
 * The app composed from its features (src/features/, ADR 0177): each is built on the shared dependencies and
 * gives its services and its routes. Billing comes before accounts (a deleted account's subscription is
 * cancelled) and its handlers after them (they read the buyer).
 */
export function createAppParts(o: AppOptions): App {
  const { config } = o
  const now = o.now ?? Date.now
  const log = o.log ?? createLogger(config.logLevel)
  const shared: SharedDeps = {
    db: o.db,
    config,
    now,
    log,
    limiter: new RateLimiter(databaseRateLimitStore(o.db), now),
  }
  const metrics = new Metrics()
  const media = mediaInfra({
    config,
    now,
    options: { ...o.media, renderer: metrics.timed(o.media?.renderer ?? defaultRenderer) },
  })
  const outboxDir = path.join(config.dataDir, 'outbox')
  const mailer =
    o.mailer ?? createMailer({ smtpUrl: config.account.smtpUrl, from: config.account.mailFrom, outboxDir })

  const billing = billingFeature(shared, {
    stripeClientOptions: o.stripeClientOptions,
    fault: o.fault,
    renderReceipt: media.renderer.renderReceipt,
  })
  const planOf = async (userId: number) => (await billing.subscriptions.summary(userId))?.tier ?? null
  const accounts = accountsFeature(shared, media, { subscriptions: billing.subscriptions, mailer })
  const notifications = notificationsFeature(shared, { sessions: accounts.sessions })
  const creations = creationsFeature(shared, media)
  const uploads = uploadsFeature(shared, media, { planOf })
  const templates = templatesFeature(shared, {
    templates: creations.templates,
    brandKit: creations.brandKit,
    uploads: uploads.uploads,
    planOf,
  })
  const brandKit = brandKitFeature(media, { brandKit: creations.brandKit })
  const developer = developerFeature(shared, media, {
    creations: creations.creations,
    uploads: uploads.uploads,
    metrics,
    queue: o.jobQueue,
  })
  const batches = batchesFeature(shared, media, {
    batches: developer.batches,
    uploads: uploads.uploads,
    templates: creations.templates,
  })
  const contact = contactFeature(shared)
  const teams = teamsFeature(shared, { mail: accounts.mail })
  const reviews = reviewsFeature(shared, media, {
    templates: creations.templates,
    creations: creations.creations,
  })
  const dashboard = dashboardFeature(shared, {
    creations: creations.creations,
    subscriptions: billing.subscriptions,
    offers: billing.offers,
  })
  const lifecycle = { draining: false }
  const app = new Hono<AppEnv>()

  // Every answer's common headers are set here, after its handler: the request id (a proxy's sane id is kept, so
  // its logs join ours), the security headers, and `Connection: close` when the connection cannot be reused.
  app.use('*', requestId({ limitLength: 64 }))
  app.use('*', async (c, next) => {
    const started = performance.now()
    await next()
    if (mustCloseConnection(lifecycle)) c.res.headers.set('Connection', 'close')
    log.info('request', {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      code: c.get('code'),
      ms: Math.round((performance.now() - started) * 10) / 10,
    })
  })
  app.use('*', metrics.middleware())
  app.use('*', securityHeaders(directOrigins(config.media)))
  if (config.corsOrigins.length > 0) {
    app.use(
      '/api/*',
      cors({
        origin: config.corsOrigins,
        allowHeaders: ['Content-Type', 'Authorization', 'Last-Event-ID', 'Team'],
      }),
    )
  }

  app.route('/', healthRoutes(o.db, lifecycle, log))

  // Prometheus metrics: with METRICS_TOKEN's bearer token, else only to a scraper on this machine.
  app.get('/metrics', metrics.handler(config.developerApi.metricsToken))

  // /api/openapi.json, and Swagger UI showing it at /api/docs.
  app.route('/api', apiReference())

  // A finished batch's ZIP (developer API) is a signed file URL like the media's.
  app.route('/api/file/batch', batches.archive)
  app.route('/api/file/export', accounts.exportRoute)
  // Fonts: the shipped faces (public) and the brand kit's files (signed), for the browser's canvas.
  app.route('/api/file/font', brandKit.fonts.brand)
  app.route('/api/fonts', brandKit.fonts.shipped)
  app.route('/api/catalogue-images', templates.catalogueImages)
  app.route(
    '/api/file',
    fileRoutes({
      creations: creations.creations,
      uploads: uploads.uploads,
      templates: creations.templates,
      storage: media.storage,
      urls: media.urls,
      renderer: media.renderer,
      brandKit: creations.brandKit,
      pixelBudget: media.work.pixels,
    }),
  )
  app.route('/api/webhook/stripe', billing.webhook)

  notifications.mount(app)
  app.route(
    '/api',
    apiRouter({
      handlers: {
        ...accounts.handlers,
        ...notifications.handlers,
        ...contact.handlers,
        ...templates.handlers,
        ...uploads.handlers,
        ...creations.handlers,
        ...brandKit.handlers,
        ...billing.handlers(accounts.accounts),
        ...dashboard.handlers,
        ...developer.handlers,
        ...batches.handlers,
        ...teams.handlers,
        ...reviews.handlers,
      },
      admission: uploads.admission,
      sessions: accounts.sessions,
      trustProxy: config.trustProxy,
      secureCookies: config.billing.publicUrl.startsWith('https:'),
      refusalDelayMs: config.abusiveRefusalDelayMs,
      checkResponses: o.checkResponses ?? false,
      workspace: teams.workspace,
      recorded: teams.recorded,
    }),
  )

  // The developer API: its own errors (problem+json), keys, rate limits and OpenAPI document.
  app.route('/v1', developer.v1.hono)
  app.route('/r', developer.signedImages as never)

  if (config.account.outboxPage) app.route('/dev/outbox', outboxPage(outboxDir))
  mountWebApp(app, config.webDist, directOrigins(config.media))
  app.notFound((c) => reply(c, { code: Code.notFound, msg: 'Not found', data: null }))

  app.onError((err, c) => {
    const where = { requestId: c.get('requestId'), method: c.req.method, path: c.req.path }
    if (isClientAbort(err, c.req.raw)) {
      // Nobody is left to answer, and nothing went wrong on our side.
      log.info('request aborted by the client', where)
      return c.body(null, 400)
    }
    log.error('unhandled error', { ...where, ...errorFields(err) })
    return reply(c, {
      code: Code.internal,
      msg: 'Something went wrong on our side; please try again',
      data: null,
    })
  })

  return {
    hono: app,
    accounts: accounts.accounts,
    lifecycle,
    storage: media.storage,
    checkouts: billing.checkouts,
    subscriptions: billing.subscriptions,
    offers: billing.offers,
    creations: creations.creations,
    streams: notifications.streams,
    jobs: developer.jobs,
    accountDeletion: accounts.accountDeletion,
    mail: accounts.mail,
  }
}
