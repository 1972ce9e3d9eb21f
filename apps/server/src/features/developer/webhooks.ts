import { createHmac, randomBytes } from 'node:crypto'
import http from 'node:http'
import https from 'node:https'
import { Code, type IssuesData } from '@templet/api/contract'
import type { Kysely } from 'kysely'
import type { Database, WebhookDeliveryRow, WebhookEndpointRow } from '../../db/schema'
import { AppError, notFound } from '../../errors'
import { errorFields, type Logger } from '../../log'
import { publicOnlyLookup, resolvesToPublic } from '../../services/public-address'
import { lockUserCredits } from '../billing/ledger'
import {
  claimDueDeliveries,
  deleteOwnWebhookEndpoint,
  findOwnWebhookEndpoint,
  insertDeliveries,
  insertWebhookEndpoint,
  listWebhookEndpoints,
  recentDeliveries,
  recordAttempt,
} from './webhooks.queries'

export const WEBHOOK_EVENTS = ['render.completed', 'render.failed', 'batch.completed'] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]
/** Sent by "send test event" only. */
export type AnyEvent = WebhookEvent | 'ping'

export const WEBHOOK_ENDPOINTS_PER_ACCOUNT = 10
/** A delivery is tried for this long after its event, then given up. */
export const RETRY_FOR_MS = 24 * 3600 * 1000

/** Waits between attempts: 1, 2, 4, … minutes, at most an hour (about 30 attempts in 24 hours). */
export const backoffMs = (attempt: number) => Math.min(60_000 * 2 ** Math.max(0, attempt - 1), 3_600_000)

/** `Templet-Signature`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the endpoint's secret>`. */
export function signatureHeader(secret: string, nowMs: number, body: string): string {
  const t = Math.floor(nowMs / 1000)
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`
}

const LOCK_MS = 60_000
const BATCH = 20

/**
 * Webhooks (docs/product.md#the-developer-api): endpoints per account, and deliveries written in the transaction that settles what
 * they tell (an outbox), sent by a scheduler on every worker process (one sender per delivery: a claim with
 * `skip locked`), signed, and retried with exponential backoff for 24 hours. Time comes from the injectable
 * clock, so tests run a day of retries at once.
 */
export class Webhooks {
  private timer: NodeJS.Timeout | undefined
  private ticking: Promise<number> | undefined
  /** This process wrote deliveries since its last round (see {@link sendWritten}). */
  private written = false

  constructor(
    private readonly d: {
      db: Kysely<Database>
      now: () => number
      log: Logger
      allowPrivate: boolean
      timeoutMs: number
      /** Told each attempt's outcome (metrics). */
      onAttempt?: (outcome: 'delivered' | 'retry' | 'failed') => void
    },
  ) {}

  async createEndpoint(
    userId: number,
    r: { url: string; events: WebhookEvent[] },
  ): Promise<{ endpoint: WebhookEndpointRow; secret: string }> {
    const url = new URL(r.url)
    if (!this.d.allowPrivate && !(await resolvesToPublic(url)))
      throw new AppError(
        Code.invalidInput,
        'url: Must reach a public address (not this machine or a private network)',
        {
          issues: [{ path: ['url'], code: 'invalid', params: { reason: 'private_address' } }],
        } satisfies IssuesData,
      )
    const secret = `whsec_${randomBytes(24).toString('base64url')}`
    const endpoint = await this.d.db.transaction().execute(async (trx) => {
      await lockUserCredits(trx, userId)
      if ((await listWebhookEndpoints(trx, userId)).length >= WEBHOOK_ENDPOINTS_PER_ACCOUNT)
        throw new AppError(
          Code.conflict,
          `You have ${WEBHOOK_ENDPOINTS_PER_ACCOUNT} webhook endpoints; delete one you no longer use first`,
        )
      return insertWebhookEndpoint(trx, {
        userId,
        url: url.toString(),
        events: [...new Set(r.events)].join(','),
        secret,
        now: this.d.now(),
      })
    })
    return { endpoint, secret }
  }

  list(userId: number) {
    return listWebhookEndpoints(this.d.db, userId)
  }

  async get(
    userId: number,
    id: number,
  ): Promise<{ endpoint: WebhookEndpointRow; deliveries: WebhookDeliveryRow[] }> {
    const endpoint = await findOwnWebhookEndpoint(this.d.db, id, userId)
    if (!endpoint) throw notFound('Webhook endpoint')
    return { endpoint, deliveries: await recentDeliveries(this.d.db, id, 20) }
  }

  async delete(userId: number, id: number): Promise<void> {
    if (!(await deleteOwnWebhookEndpoint(this.d.db, id, userId))) throw notFound('Webhook endpoint')
  }

  /**
   * Writes `type`'s deliveries (inside the caller's transaction): to each of the user's endpoints that asked for
   * it, and to the endpoint at `alsoUrl` (a render's own `webhook_url`). An account's endpoints hear both modes,
   * so the event says which (`livemode`), as its object does. Returns the event id.
   */
  async emit(
    trx: Kysely<Database>,
    r: {
      userId: number
      type: AnyEvent
      livemode: boolean
      object: unknown
      alsoUrl?: string | null
      onlyEndpoint?: number
    },
  ): Promise<string | undefined> {
    const endpoints = (await listWebhookEndpoints(trx, r.userId)).filter((e) =>
      r.onlyEndpoint !== undefined
        ? e.id === r.onlyEndpoint
        : e.events.split(',').includes(r.type) || (r.alsoUrl != null && e.url === r.alsoUrl),
    )
    if (endpoints.length === 0) return undefined
    this.written = true
    const now = this.d.now()
    const id = `evt_${randomBytes(12).toString('hex')}`
    const payload = JSON.stringify({
      id,
      object: 'event',
      type: r.type,
      livemode: r.livemode,
      created_at: new Date(now).toISOString(),
      data: { object: r.object },
    })
    await insertDeliveries(
      trx,
      endpoints.map((e) => ({
        endpoint_id: e.id,
        event_id: id,
        event_type: r.type,
        payload,
        status: 'pending' as const,
        next_attempt_at: now,
        created_at: now,
      })),
    )
    return id
  }

  /** Sends what is due now (one round); returns how many attempts were made. */
  tick(): Promise<number> {
    // One round at a time in this process; other processes skip what this one holds.
    this.ticking ??= this.round().finally(() => {
      this.ticking = undefined
    })
    return this.ticking
  }

  /**
   * After a job whose transaction wrote deliveries has committed: sends them now rather than at the next
   * scheduled round (which still catches whatever this misses).
   */
  sendWritten(): void {
    if (!this.written) return
    this.written = false
    this.tick().catch((err) => this.d.log.error('webhook round failed', errorFields(err)))
  }

  private async round(): Promise<number> {
    const now = this.d.now()
    const due = await claimDueDeliveries(this.d.db, { now, lockUntil: now + LOCK_MS, limit: BATCH })
    await Promise.all(due.map((delivery) => this.attempt(delivery)))
    return due.length
  }

  private async attempt(delivery: WebhookDeliveryRow & { url: string; secret: string }): Promise<void> {
    const now = this.d.now()
    let httpStatus: number | null = null
    let error: string | null = null
    try {
      const answer = await this.post(delivery.url, delivery.payload, {
        'Templet-Signature': signatureHeader(delivery.secret, now, delivery.payload),
        'Templet-Event-Id': delivery.event_id,
        'Templet-Event-Type': delivery.event_type,
      })
      httpStatus = answer.status
      if (answer.status < 200 || answer.status >= 300) error = answer.excerpt || `HTTP ${answer.status}`
    } catch (err) {
      error = err instanceof Error ? err.message : String(err)
    }
    const attempts = delivery.attempts + 1
    const next = now + backoffMs(attempts)
    const outcome =
      error === null
        ? { status: 'delivered' as const }
        : next - delivery.created_at > RETRY_FOR_MS
          ? { status: 'failed' as const }
          : { status: 'pending' as const, nextAttemptAt: next }
    this.d.onAttempt?.(outcome.status === 'pending' ? 'retry' : outcome.status)
    if (outcome.status === 'failed')
      this.d.log.warn('webhook delivery given up', { deliveryId: delivery.id, attempts, error })
    await recordAttempt(this.d.db, {
      id: delivery.id,
      now,
      outcome,
      httpStatus,
      error: error?.slice(0, 500) ?? null,
    })
  }

  /** POSTs the body; refuses private addresses at connection time unless allowed (tests, a local receiver). */
  private post(
    url: string,
    body: string,
    headers: Record<string, string>,
  ): Promise<{ status: number; excerpt: string }> {
    const target = new URL(url)
    const request = target.protocol === 'https:' ? https.request : http.request
    return new Promise((resolve, reject) => {
      const req = request(
        target,
        {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'User-Agent': 'Templet-Webhooks/1.0',
            'Content-Length': String(Buffer.byteLength(body)),
            ...headers,
          },
          timeout: this.d.timeoutMs,
          ...(this.d.allowPrivate ? {} : { lookup: publicOnlyLookup }),
        },
        (res) => {
          let excerpt = ''
          res.setEncoding('utf8')
          res.on('data', (chunk: string) => {
            if (excerpt.length < 500) excerpt += chunk
          })
          res.on('end', () => resolve({ status: res.statusCode ?? 0, excerpt: excerpt.slice(0, 500) }))
          res.on('error', reject)
        },
      )
      req.on('timeout', () => req.destroy(new Error(`No answer within ${this.d.timeoutMs} ms`)))
      req.on('error', reject)
      req.end(body)
    })
  }

  /** Sends due deliveries every `intervalMs` until stopped. */
  start(intervalMs: number): void {
    if (this.timer) return
    this.timer = setInterval(() => {
      this.tick().catch((err) => this.d.log.error('webhook round failed', errorFields(err)))
    }, intervalMs)
    this.timer.unref()
  }

  async stop(): Promise<void> {
    clearInterval(this.timer)
    this.timer = undefined
    await this.ticking?.catch(() => {})
  }
}
