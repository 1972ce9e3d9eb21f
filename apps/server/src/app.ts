import { randomUUID } from 'node:crypto'
import { Code, notificationStream } from '@templet/api/contract'
import { type Context, Hono } from 'hono'
import { cors } from 'hono/cors'
import { secureHeaders } from 'hono/secure-headers'
import type { Config } from './config'
import type { Db } from './db/connection'
import { createLogger, errorFields, type Logger } from './log'
import { type MediaOptions, mediaParts } from './media'
import { type AppEnv, apiRouter, reply } from './routes/api'
import { billingHandlers } from './routes/billing'
import { contactHandlers } from './routes/contact'
import { dashboardHandlers } from './routes/dashboard'
import { notificationHandlers } from './routes/notification'
import { mountNotificationStream } from './routes/notification-stream'
import { templateTypeHandlers } from './routes/template-type'
import { userHandlers } from './routes/user'
import { Accounts } from './services/accounts'
import { Billing } from './services/billing'
import { ContactMessages } from './services/contact'
import type { Creations } from './services/creations'
import { Dashboard } from './services/dashboard'
import { NotificationStreams } from './services/notification-streams'
import { Notifications } from './services/notifications'
import { Offers } from './services/offers'
import { createPasswords } from './services/passwords'
import {
  type PaymentProvider,
  type StripeClientOptions,
  sandboxProvider,
  stripeClient,
  stripeProvider,
} from './services/payment-provider'
import { databaseRateLimitStore, RateLimiter } from './services/rate-limit'
import { Sessions } from './services/sessions'
import { directOrigins, type MediaStorage } from './services/storage'
import { StripeWebhook } from './services/stripe-webhook'
import { Subscriptions } from './services/subscriptions'
import { TemplateTypes } from './services/template-types'
import { apiReference } from './web/api-reference'
import { type NonceKind, pagePostHandler, signedInRedirect, webHandler } from './web/static'

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
  /** Test-only fault injection (`crash-after-charge`); see services/billing.ts. */
  fault?: string
}

export interface App {
  /** The Hono app: hand `app.fetch` to a server. */
  hono: Hono<AppEnv>
  accounts: Accounts
  /** Set `draining` on shutdown: /readyz answers 503 and every answer closes its connection. */
  lifecycle: { draining: boolean }
  storage: MediaStorage
  billing: Billing
  subscriptions: Subscriptions
  offers: Offers
  creations: Creations
  /** The open notification streams (`start()` them to hear signals before the first stream opens). */
  streams: NotificationStreams
}

/** The caller's `X-Request-Id` when it is a sane token (a proxy's id joins its logs to ours), else a new one. */
function requestIdOf(given: string | undefined): string {
  return given && /^[\w.:-]{1,64}$/.test(given) ? given : randomUUID()
}

/**
 * A CSP nonce for an answer that may be a page (any path outside /api/), which static.ts writes into the page:
 * `style` for the app's dialogs, `script` for the page's inline first-paint script. randomUUID draws from a pool
 * of entropy; hono's NONCE (getRandomValues on every request) cost ~10 µs.
 */
const pageNonce = (kind: NonceKind) => (c: Context) => {
  if (c.req.path.startsWith('/api/')) return ''
  const nonce = randomUUID()
  c.set(kind === 'style' ? 'styleNonce' : 'scriptNonce', nonce)
  return `'nonce-${nonce}'`
}

/** The client closed the connection before its request was read (Node's `aborted`, ECONNRESET). */
function isClientAbort(err: unknown, req: Request): boolean {
  return req.signal.aborted || (err as { code?: unknown } | null)?.code === 'ECONNRESET'
}

function hasBody(req: Request): boolean {
  const length = req.headers.get('content-length')
  return length === null ? req.headers.has('transfer-encoding') : length !== '0'
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
  const accounts = new Accounts({ db, passwords, sessions, limiter, rateLimits: config.rateLimits, now })
  const offers = new Offers(config.billing)
  const stripe = config.billing.stripe
    ? stripeClient(config.billing.stripe.secretKey, o.stripeClientOptions)
    : undefined
  const provider: PaymentProvider = stripe
    ? stripeProvider(stripe, (err) => log.error('stripe request failed', errorFields(err)))
    : sandboxProvider
  const billing = new Billing({
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
          billing,
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
  const media = mediaParts({ db, config, now, limiter, options: o.media ?? {} })
  const app = new Hono<AppEnv>()

  app.use('*', async (c, next) => {
    const started = performance.now()
    const requestId = requestIdOf(c.req.header('x-request-id'))
    c.set('requestId', requestId)
    await next()
    c.res.headers.set('X-Request-Id', requestId)
    // An answer sent before the request's body was read (a 413, an early 401) must not keep the connection:
    // node-server drains the rest for 500 ms and then drops the socket under the client's next request.
    // While draining for a shutdown, clients are told to reconnect (to another process).
    if (lifecycle.draining || (hasBody(c.req.raw) && !c.req.raw.bodyUsed))
      c.res.headers.set('Connection', 'close')
    log.info('request', {
      requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      code: c.get('code'),
      ms: Math.round((performance.now() - started) * 10) / 10,
    })
  })
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        // The page's first-paint script is inline (apps/web/boot.js): it waits for no request of its own.
        scriptSrc: ["'self'", pageNonce('script')],
        // Radix Dialog's scroll lock (react-remove-scroll, behind the phone drawer and modal dialogs) adds a
        // <style> element while open: it carries this response's nonce, which the page hands the app (static.ts).
        styleSrc: ["'self'", pageNonce('style')],
        imgSrc: ["'self'", 'data:', 'blob:', ...directOrigins(config.media)],
        connectSrc: ["'self'", ...directOrigins(config.media)],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      referrerPolicy: 'strict-origin-when-cross-origin',
      xFrameOptions: 'DENY',
    }),
  )
  if (config.corsOrigins.length > 0) {
    app.use(
      '/api/*',
      cors({ origin: config.corsOrigins, allowHeaders: ['Content-Type', 'Authorization', 'Last-Event-ID'] }),
    )
  }

  // Ready: this process takes traffic (a load balancer stops sending when it says 503, e.g. while draining).
  app.get('/readyz', async (c) => {
    if (lifecycle.draining) return c.json({ status: 'draining', db: o.db.engine }, 503)
    try {
      await o.db.ping()
      return c.json({ status: 'ready', db: o.db.engine })
    } catch {
      return c.json({ status: 'unavailable', db: o.db.engine }, 503)
    }
  })
  app.get('/healthz', async (c) => {
    try {
      await o.db.ping()
      return c.json({ status: 'ok', db: o.db.engine })
    } catch (err) {
      log.error('health check failed', errorFields(err))
      return c.json({ status: 'unavailable', db: o.db.engine }, 503)
    }
  })

  // /api/openapi.json, and Swagger UI showing it at /api/docs.
  app.route('/api', apiReference())

  app.route('/api/file', media.files)
  // Stripe's signed event: the raw body (the signature covers its exact bytes) and Stripe's own answer format,
  // so it sits outside the envelope's registry loop.
  app.post('/api/webhook/stripe', async (c) => {
    c.header('Cache-Control', 'no-store')
    if (!stripeWebhook) return c.json({ error: 'Stripe is not configured on this server' }, 404)
    const reply = await stripeWebhook.handle(await c.req.text(), c.req.header('stripe-signature'))
    return c.json(reply.body, reply.status)
  })

  mountNotificationStream(app, `/api${notificationStream.path}`, { streams, sessions })
  app.route(
    '/api',
    apiRouter({
      handlers: {
        ...userHandlers(accounts, sessions),
        ...notificationHandlers(new Notifications(db)),
        ...templateTypeHandlers(new TemplateTypes(db, now)),
        ...contactHandlers(new ContactMessages({ db, limiter, limit: config.rateLimits.contact, now })),
        ...media.handlers,
        ...billingHandlers(offers, billing, subscriptions, accounts),
        ...dashboardHandlers(new Dashboard({ db, creations: media.creations, subscriptions, offers })),
      },
      sessions,
      trustProxy: config.trustProxy,
      checkResponses: o.checkResponses ?? false,
    }),
  )

  const web = webHandler(config.webDist)
  app.get('*', signedInRedirect(), web)
  app.post('*', pagePostHandler())
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
    billing,
    subscriptions,
    offers,
    creations: media.creations,
    streams,
  }
}
