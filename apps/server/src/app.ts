import path from 'node:path'
import { Code, notificationStream } from '@templet/api/contract'
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { requestId } from 'hono/request-id'
import type { Config } from './config'
import type { Db } from './db/connection'
import { developerApiParts, type Jobs } from './developer-api'
import { accountHandlers } from './features/accounts/account.routes'
import { AccountDeletion } from './features/accounts/account-deletion'
import { accountExportRoute } from './features/accounts/account-export'
import { AccountMail } from './features/accounts/account-mail'
import { AccountSettings } from './features/accounts/account-settings'
import { Accounts } from './features/accounts/accounts'
import { EmailAddresses } from './features/accounts/email-addresses'
import { LoginThrottle } from './features/accounts/login-throttle'
import { PasswordCheck } from './features/accounts/password-check'
import { PasswordReset } from './features/accounts/password-reset'
import { createPasswords } from './features/accounts/passwords'
import { Sessions } from './features/accounts/sessions'
import { userHandlers } from './features/accounts/user.routes'
import { billingHandlers } from './features/billing/billing.routes'
import { BillingHistory } from './features/billing/billing-history'
import { Checkouts } from './features/billing/checkouts'
import { Offers } from './features/billing/offers'
import {
  type PaymentProvider,
  type StripeClientOptions,
  sandboxProvider,
  stripeClient,
  stripeProvider,
} from './features/billing/payment-provider'
import { StripeWebhook } from './features/billing/stripe-webhook'
import { Subscriptions } from './features/billing/subscriptions'
import { ContactMessages } from './features/contact/contact'
import { contactHandlers } from './features/contact/contact.routes'
import type { Creations } from './features/creations/creations'
import { Dashboard } from './features/dashboard/dashboard'
import { dashboardHandlers } from './features/dashboard/dashboard.routes'
import { notificationHandlers } from './features/notifications/notification.routes'
import { mountNotificationStream } from './features/notifications/notification-stream.routes'
import { NotificationStreams } from './features/notifications/notification-streams'
import { Notifications } from './features/notifications/notifications'
import { catalogueImageRoutes } from './features/templates/catalogue-images.routes'
import { templateTypeHandlers } from './features/templates/template-type.routes'
import { TemplateTypes } from './features/templates/template-types'
import { healthRoutes } from './health'
import { createLogger, errorFields, type Logger } from './log'
import { type MediaOptions, mediaParts } from './media'
import { Metrics } from './metrics'
import { type AppEnv, apiRouter, reply } from './routes/api'
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
  /** Media storage, file URL key and renderer; defaults from `config` (see {@link mediaParts}). */
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

export function createAppParts(o: AppOptions): App {
  const { config } = o
  const now = o.now ?? Date.now
  const log = o.log ?? createLogger(config.logLevel)
  const db = o.db.kysely
  const sessions = new Sessions(db, {
    ttlSeconds: config.sessionTtlSeconds,
    graceSeconds: config.sessionGraceSeconds,
    now,
  })
  const limiter = new RateLimiter(databaseRateLimitStore(o.db), now)
  const passwords = createPasswords(config.argon2)
  const throttle = new LoginThrottle({ db, now, config: config.loginThrottle })
  const offers = new Offers(config.billing)
  const stripe = config.billing.stripe
    ? stripeClient(config.billing.stripe.secretKey, o.stripeClientOptions)
    : undefined
  const provider: PaymentProvider = stripe
    ? stripeProvider(stripe, (err) => log.error('stripe request failed', errorFields(err)))
    : sandboxProvider
  const checkouts = new Checkouts({
    db,
    offers,
    provider,
    now,
    log,
    publicUrl: config.billing.publicUrl,
    fault: o.fault,
  })
  const subscriptions = new Subscriptions({ db, offers, provider, now, log })
  const stripeWebhook =
    stripe && config.billing.stripe
      ? new StripeWebhook({
          stripe,
          webhookSecret: config.billing.stripe.webhookSecret,
          db,
          checkouts,
          offers,
          now,
          log,
        })
      : undefined

  const lifecycle = { draining: false }
  const streams = new NotificationStreams({
    db: o.db,
    sessions,
    log,
    heartbeatMs: config.stream.heartbeatSeconds * 1000,
    perUserLimit: config.stream.perUserLimit,
  })
  const metrics = new Metrics()
  const media = mediaParts({
    db,
    config,
    now,
    limiter,
    planOf: async (userId) => (await subscriptions.summary(userId))?.tier ?? null,
    options: { ...o.media, renderer: metrics.timed(o.media?.renderer ?? defaultRenderer) },
  })
  const outboxDir = path.join(config.dataDir, 'outbox')
  const mailer =
    o.mailer ?? createMailer({ smtpUrl: config.account.smtpUrl, from: config.account.mailFrom, outboxDir })
  const mail = new AccountMail({
    db,
    mailer,
    log,
    now,
    publicUrl: config.billing.publicUrl,
    ttlSeconds: {
      reset_password: config.account.resetTokenTtlSeconds,
      verify_email: config.account.verifyTokenTtlSeconds,
      change_email: config.account.verifyTokenTtlSeconds,
    },
  })
  const passwordCheck = new PasswordCheck({ passwords, limiter })
  const mailLimit = config.account.mailLimit
  const emails = new EmailAddresses({ db, limiter, mailLimit, mail, passwordCheck, now })
  const accountDeletion = new AccountDeletion({
    db,
    storage: media.storage,
    sessions,
    subscriptions,
    passwordCheck,
    mail,
    log,
    graceDays: config.account.deletionGraceDays,
    now,
  })
  const accounts = new Accounts({
    db,
    passwords,
    sessions,
    limiter,
    rateLimits: config.rateLimits,
    throttle,
    now,
    emails,
    deletion: accountDeletion,
  })
  const account = accountHandlers({
    accounts,
    reset: new PasswordReset({ db, passwords, limiter, mailLimit, mail, throttle, now }),
    emails,
    settings: new AccountSettings({ db, passwords, passwordCheck, sessions, mail, now }),
    deletion: accountDeletion,
    urls: media.urls,
    limiter,
  })
  const developer = developerApiParts({
    db: o.db,
    kysely: db,
    config,
    creations: media.creations,
    storage: media.storage,
    urls: media.urls,
    now,
    log,
    metrics,
    ...(o.jobQueue ? { queue: o.jobQueue } : {}),
  })
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
      cors({ origin: config.corsOrigins, allowHeaders: ['Content-Type', 'Authorization', 'Last-Event-ID'] }),
    )
  }

  app.route('/', healthRoutes(o.db, lifecycle, log))

  // Prometheus metrics: with METRICS_TOKEN's bearer token, else only to a scraper on this machine.
  app.get('/metrics', metrics.handler(config.developerApi.metricsToken))

  // /api/openapi.json, and Swagger UI showing it at /api/docs.
  app.route('/api', apiReference())

  // A finished batch's ZIP (developer API) is a signed file URL like the media's.
  app.route('/api/file/batch', developer.archive)
  app.route('/api/file/export', accountExportRoute({ db, storage: media.storage, urls: media.urls }))
  // Fonts: the shipped faces (public) and the brand kit's files (signed), for the browser's canvas.
  app.route('/api/file/font', media.fonts.brand)
  app.route('/api/fonts', media.fonts.shipped)
  app.route('/api/catalogue-images', catalogueImageRoutes())
  app.route('/api/file', media.files)
  // Stripe's signed event: the raw body (the signature covers its exact bytes) and Stripe's own answer format,
  // so it sits outside the envelope's registry loop.
  app.post('/api/webhook/stripe', async (c) => {
    c.header('Cache-Control', 'no-store')
    if (!stripeWebhook) return c.json({ error: 'Stripe is not configured on this server' }, 404)
    const reply = await stripeWebhook.handle(c.req.raw.body, {
      signature: c.req.header('stripe-signature'),
      contentLength: c.req.header('content-length'),
    })
    return c.json(reply.body, reply.status)
  })

  mountNotificationStream(app, `/api${notificationStream.path}`, { streams, sessions })
  app.route(
    '/api',
    apiRouter({
      handlers: {
        ...userHandlers(accounts, sessions),
        ...account,
        ...notificationHandlers(new Notifications(db)),
        ...templateTypeHandlers(new TemplateTypes(db, now)),
        ...contactHandlers(new ContactMessages({ db, limiter, limit: config.rateLimits.contact, now })),
        ...media.handlers,
        ...billingHandlers(
          offers,
          checkouts,
          new BillingHistory(db, config.billing.seller),
          subscriptions,
          accounts,
          { limiter, rateLimits: config.rateLimits },
          config.billing.seller,
        ),
        ...dashboardHandlers(new Dashboard({ db, creations: media.creations, subscriptions, offers })),
        ...developer.handlers,
      },
      admission: media.admission,
      sessions,
      trustProxy: config.trustProxy,
      secureCookies: config.billing.publicUrl.startsWith('https:'),
      refusalDelayMs: config.abusiveRefusalDelayMs,
      checkResponses: o.checkResponses ?? false,
    }),
  )

  // The developer API: its own errors (problem+json), keys, rate limits and OpenAPI document.
  app.route('/v1', developer.v1.hono)

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
    accounts,
    lifecycle,
    storage: media.storage,
    checkouts,
    subscriptions,
    offers,
    creations: media.creations,
    streams,
    jobs: developer.jobs,
    accountDeletion,
    mail,
  }
}
