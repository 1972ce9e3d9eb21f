import { Code } from '@templet/api/contract'
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { secureHeaders } from 'hono/secure-headers'
import type { Config } from './config'
import type { Db } from './db/connection'
import { createLogger, errorFields, type Logger } from './log'
import { type AppEnv, apiRouter, reply } from './routes/api'
import { billingHandlers } from './routes/billing'
import { contactHandlers } from './routes/contact'
import { notificationHandlers } from './routes/notification'
import { templateTypeHandlers } from './routes/template-type'
import { userHandlers } from './routes/user'
import { Accounts } from './services/accounts'
import { Billing } from './services/billing'
import { Offers } from './services/offers'
import { createPasswords } from './services/passwords'
import {
  type PaymentProvider,
  type StripeClientOptions,
  sandboxProvider,
  stripeClient,
  stripeProvider,
} from './services/payment-provider'
import { MemoryRateLimitStore, RateLimiter, type RateLimitStore } from './services/rate-limit'
import { Sessions } from './services/sessions'
import { StripeWebhook } from './services/stripe-webhook'
import { Subscriptions } from './services/subscriptions'
import { DOCS_CSS, type OpenApiDoc, renderDocsPage } from './web/docs'
import { buildOpenApiDocument, codeMeanings } from './web/openapi'
import { pagePostHandler, webHandler } from './web/static'

export interface AppOptions {
  db: Db
  config: Config
  /** The clock, ms since the epoch; tests move it. */
  now?: () => number
  log?: Logger
  rateLimitStore?: RateLimitStore
  /** Parse every success answer with the contract before sending it (for tests). */
  checkResponses?: boolean
  /** Where the Stripe client sends its requests (tests: a fake server on loopback). */
  stripeClientOptions?: StripeClientOptions
  /** Test-only fault injection (`crash-after-charge`); see services/billing.ts. */
  fault?: string
}

export interface App {
  /** The Hono app: hand `app.fetch` to a server. */
  hono: Hono<AppEnv>
  accounts: Accounts
  billing: Billing
  subscriptions: Subscriptions
  offers: Offers
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
  const limiter = new RateLimiter(o.rateLimitStore ?? new MemoryRateLimitStore(), now)
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

  const app = new Hono<AppEnv>()

  app.use('*', async (c, next) => {
    const started = performance.now()
    await next()
    log.info('request', {
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
        // The toaster (sonner) adds its stylesheet as a <style> element at run time. Inline styles cannot
        // run code; scripts stay 'self' only.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
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
    app.use('/api/*', cors({ origin: config.corsOrigins, allowHeaders: ['Content-Type', 'Authorization'] }))
  }

  app.get('/healthz', async (c) => {
    try {
      await o.db.ping()
      return c.json({ status: 'ok', db: o.db.engine })
    } catch (err) {
      log.error('health check failed', errorFields(err))
      return c.json({ status: 'unavailable', db: o.db.engine }, 503)
    }
  })

  let docs: { json: OpenApiDoc; html: string } | undefined
  const openApi = () => {
    if (!docs) {
      const json = buildOpenApiDocument() as unknown as OpenApiDoc
      docs = { json, html: renderDocsPage(json, codeMeanings) }
    }
    return docs
  }
  app.get('/api/openapi.json', (c) => c.json(openApi().json))
  app.get('/api/docs', (c) => c.html(openApi().html))
  app.get('/api/docs.css', (c) => c.body(DOCS_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8' }))

  // Stripe's signed event: the raw body (the signature covers its exact bytes) and Stripe's own answer format,
  // so it sits outside the envelope's registry loop.
  app.post('/api/webhook/stripe', async (c) => {
    c.header('Cache-Control', 'no-store')
    if (!stripeWebhook) return c.json({ error: 'Stripe is not configured on this server' }, 404)
    const reply = await stripeWebhook.handle(await c.req.text(), c.req.header('stripe-signature'))
    return c.json(reply.body, reply.status)
  })

  app.route(
    '/api',
    apiRouter({
      handlers: {
        ...userHandlers(accounts, sessions),
        ...notificationHandlers(db),
        ...templateTypeHandlers(db, now),
        ...contactHandlers(db, limiter, config.rateLimits.contact, now),
        ...billingHandlers(offers, billing, subscriptions, accounts),
      },
      sessions,
      trustProxy: config.trustProxy,
      checkResponses: o.checkResponses ?? false,
    }),
  )

  const web = webHandler(config.webDist)
  app.get('*', web)
  app.post('*', pagePostHandler())
  app.notFound((c) => reply(c, { code: Code.notFound, msg: 'Not found', data: null }))

  app.onError((err, c) => {
    log.error('unhandled error', { method: c.req.method, path: c.req.path, ...errorFields(err) })
    return reply(c, {
      code: Code.internal,
      msg: 'Something went wrong on our side; please try again',
      data: null,
    })
  })

  return { hono: app, accounts, billing, subscriptions, offers }
}
