import { type Context, Hono } from 'hono'
import type { Db } from './db/connection'
import { errorFields, type Logger } from './log'

/**
 * `/readyz` (this process takes traffic: a load balancer stops sending when it says 503, e.g. while draining)
 * and `/healthz` (it is alive and reaches the database), for the app and for a worker process alike.
 */
export function healthRoutes(db: Db, lifecycle: { draining: boolean }, log: Logger): Hono {
  const health = (c: Context, status: 200 | 503, body: { status: string; db: string }) =>
    c.json(body, status, { 'Cache-Control': 'no-store' })
  const app = new Hono()
  app.get('/readyz', async (c) => {
    if (lifecycle.draining) return health(c, 503, { status: 'draining', db: db.engine })
    try {
      await db.ping()
      return health(c, 200, { status: 'ready', db: db.engine })
    } catch {
      return health(c, 503, { status: 'unavailable', db: db.engine })
    }
  })
  app.get('/healthz', async (c) => {
    try {
      await db.ping()
      return health(c, 200, { status: 'ok', db: db.engine })
    } catch (err) {
      log.error('health check failed', errorFields(err))
      return health(c, 503, { status: 'unavailable', db: db.engine })
    }
  })
  return app
}
