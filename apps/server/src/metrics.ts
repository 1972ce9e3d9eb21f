import { createHash, timingSafeEqual } from 'node:crypto'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context, MiddlewareHandler } from 'hono'
import { routePath } from 'hono/route'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { JobQueue } from './services/jobs'
import type { Renderer } from './services/renderer'

/**
 * Prometheus metrics (docs/product.md#scaling-out), one registry per app: request latency by route, render time by output,
 * queue depth and oldest waiting job, webhook deliveries by outcome, and Node's own (event loop, memory, GC).
 */
export class Metrics {
  readonly registry = new Registry()
  private queue: JobQueue | undefined

  private readonly http = new Histogram({
    name: 'templet_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  })
  private readonly render = new Histogram({
    name: 'templet_render_duration_seconds',
    help: 'Time to render a template, by output: a creation makes png+jpeg+webp+thumb at once, a preview one format',
    labelNames: ['format'],
    buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  })
  private readonly webhooks = new Counter({
    name: 'templet_webhook_deliveries_total',
    help: 'Webhook delivery attempts by outcome: delivered, retry (will be tried again) or failed (given up)',
    labelNames: ['outcome'],
    registers: [this.registry],
  })

  constructor() {
    const self = this
    new Gauge({
      name: 'templet_queue_jobs',
      help: 'Jobs by queue and state (waiting to start, active)',
      labelNames: ['queue', 'state'],
      registers: [this.registry],
      async collect() {
        this.reset()
        for (const d of (await self.queue?.depth()) ?? []) {
          this.set({ queue: d.queue, state: 'waiting' }, d.waiting)
          this.set({ queue: d.queue, state: 'active' }, d.active)
        }
      },
    })
    new Gauge({
      name: 'templet_queue_oldest_waiting_seconds',
      help: 'How long the oldest waiting job of each queue has waited',
      labelNames: ['queue'],
      registers: [this.registry],
      async collect() {
        this.reset()
        for (const d of (await self.queue?.depth()) ?? [])
          this.set({ queue: d.queue }, d.oldestWaitingSeconds)
      },
    })
    // A job whose worker was killed stays active until JOB_EXPIRE_SECONDS: its age tells it from a busy queue.
    new Gauge({
      name: 'templet_queue_oldest_active_seconds',
      help: 'How long the oldest running job of each queue has run',
      labelNames: ['queue'],
      registers: [this.registry],
      async collect() {
        this.reset()
        for (const d of (await self.queue?.depth()) ?? []) this.set({ queue: d.queue }, d.oldestActiveSeconds)
      },
    })
  }

  /** The queue whose depth is reported (on PostgreSQL the whole installation's, as every process sees it). */
  watchQueue(queue: JobQueue): void {
    this.queue = queue
  }

  webhookAttempt(outcome: 'delivered' | 'retry' | 'failed'): void {
    this.webhooks.inc({ outcome })
  }

  /** Times each request by the route pattern that answered it (`/v1/renders/:id`, not the id). */
  middleware(): MiddlewareHandler {
    return async (c, next) => {
      const end = this.http.startTimer()
      await next()
      end({ method: c.req.method, route: routeOf(c), status: String(c.res.status) })
    }
  }

  /** The renderer, timed: each drawing's seconds by what it made. */
  timed(renderer: Renderer): Renderer {
    /** `call`, its time observed under `format` (or what it names for the call's arguments). */
    const timing =
      <A extends unknown[], R>(call: (...args: A) => Promise<R>, format: string | ((...args: A) => string)) =>
      async (...args: A): Promise<R> => {
        const end = this.render.startTimer({ format: typeof format === 'string' ? format : format(...args) })
        try {
          return await call(...args)
        } finally {
          end()
        }
      }
    return {
      sanitizeFont: renderer.sanitizeFont,
      render: timing(renderer.render.bind(renderer), 'png+jpeg+webp+thumb'),
      renderPreview: timing(
        renderer.renderPreview.bind(renderer),
        (_t, _v, o) => `preview-${o?.format ?? 'webp'}`,
      ),
      renderPdf: timing(renderer.renderPdf.bind(renderer), 'pdf'),
      renderReceipt: timing(renderer.renderReceipt.bind(renderer), 'receipt-pdf'),
    }
  }

  /**
   * `GET /metrics` in Prometheus' text format: with `token` set (`METRICS_TOKEN`), only with
   * `Authorization: Bearer <token>`; without it, only to a scraper on this machine, since the figures (routes,
   * queues, memory) are no business of the Internet's.
   */
  handler(token: string | undefined) {
    return async (c: Context) => {
      if (token && !sameToken(c.req.header('authorization'), `Bearer ${token}`))
        return c.text('Unauthorized', 401, { 'WWW-Authenticate': 'Bearer realm="metrics"' })
      if (!token && !fromThisMachine(c))
        return c.text(
          'Forbidden: /metrics answers only on this machine; set METRICS_TOKEN to scrape it from elsewhere',
          403,
        )
      const all = Registry.merge([this.registry, processRegistry()])
      return c.body(await all.metrics(), 200, {
        'Content-Type': all.contentType,
        'Cache-Control': 'no-store',
      })
    }
  }
}

/** Compared in constant time (as digests, so the length of the token is not told either). */
function sameToken(given: string | undefined, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest()
  return given !== undefined && timingSafeEqual(digest(given), digest(expected))
}

const LOOPBACK = /^(?:127\.|::ffff:127\.|::1$)/

/**
 * Whether the request comes from this machine: a loopback socket that no proxy forwarded (a reverse proxy on
 * the same host connects from loopback for everyone it serves, and says so in its forwarding headers).
 */
function fromThisMachine(c: Context): boolean {
  if (c.req.header('x-forwarded-for') || c.req.header('forwarded') || c.req.header('x-real-ip')) return false
  try {
    return LOOPBACK.test(getConnInfo(c).remote.address ?? '')
  } catch {
    return false
  }
}

let processMetrics: Registry | undefined
/** Node's own figures, collected once per process (however many apps it builds, as tests do). */
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry()
    collectDefaultMetrics({ register: processMetrics })
  }
  return processMetrics
}

function routeOf(c: Context): string {
  try {
    return routePath(c)
  } catch {
    return 'unmatched'
  }
}
