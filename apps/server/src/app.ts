import { Code } from '@templet/api/contract'
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { secureHeaders } from 'hono/secure-headers'
import type { Config } from './config'
import type { Db } from './db/connection'
import { createLogger, errorFields, type Logger } from './log'
import { type AppEnv, apiRouter, reply } from './routes/api'
import { contactHandlers } from './routes/contact'
import { notificationHandlers } from './routes/notification'
import { templateTypeHandlers } from './routes/template-type'
import { userHandlers } from './routes/user'
import { Accounts } from './services/accounts'
import { createPasswords } from './services/passwords'
import { MemoryRateLimitStore, RateLimiter, type RateLimitStore } from './services/rate-limit'
import { Sessions } from './services/sessions'
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
}

export interface App {
  /** The Hono app: hand `app.fetch` to a server. */
  hono: Hono<AppEnv>
  accounts: Accounts
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
        // Radix Dialog's scroll lock (react-remove-scroll, behind the phone drawer and modal dialogs) adds a
        // <style> element while open; without 'unsafe-inline' Chromium blocks it and the page behind scrolls.
        // (The toaster no longer injects one.) Inline styles cannot run code; scripts stay 'self' only.
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

  app.route(
    '/api',
    apiRouter({
      handlers: {
        ...userHandlers(accounts, sessions),
        ...notificationHandlers(db),
        ...templateTypeHandlers(db, now),
        ...contactHandlers(db, limiter, config.rateLimits.contact, now),
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

  return { hono: app, accounts }
}
