import { type Insertable, type Kysely, sql } from 'kysely'
import { isPostgres } from '../../db/connection'
import type { Database, WebhookDeliveryRow, WebhookDeliveryTable, WebhookEndpointRow } from '../../db/schema'

type Q = Kysely<Database>

export async function insertWebhookEndpoint(
  db: Q,
  e: { userId: number; url: string; events: string; secret: string; now: number },
): Promise<WebhookEndpointRow> {
  return db
    .insertInto('webhook_endpoints')
    .values({ user_id: e.userId, url: e.url, events: e.events, secret: e.secret, created_at: e.now })
    .returningAll()
    .executeTakeFirstOrThrow()
}

export function listWebhookEndpoints(db: Q, userId: number): Promise<WebhookEndpointRow[]> {
  return db.selectFrom('webhook_endpoints').selectAll().where('user_id', '=', userId).orderBy('id').execute()
}

export function findOwnWebhookEndpoint(db: Q, id: number, userId: number) {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

export async function deleteOwnWebhookEndpoint(db: Q, id: number, userId: number): Promise<boolean> {
  const r = await db
    .deleteFrom('webhook_endpoints')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return Number(r.numDeletedRows) === 1
}

export async function insertDeliveries(db: Q, rows: Insertable<WebhookDeliveryTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('webhook_deliveries').values(rows).execute()
}

export function recentDeliveries(db: Q, endpointId: number, limit: number): Promise<WebhookDeliveryRow[]> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
}

/**
 * Takes up to `limit` due deliveries for this sender until `lockUntil`. On PostgreSQL `for update skip locked`
 * lets several processes send at once without taking the same delivery; SQLite has one writer.
 */
export async function claimDueDeliveries(
  db: Q,
  r: { now: number; lockUntil: number; limit: number },
): Promise<(WebhookDeliveryRow & { url: string; secret: string })[]> {
  const due = db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', r.now)
    .where('locked_until', '<=', r.now)
    .orderBy('next_attempt_at')
    .limit(r.limit)
  const pg = isPostgres(db)
  const claimed = await db
    .updateTable('webhook_deliveries')
    .set({ locked_until: r.lockUntil })
    .where('id', 'in', pg ? sql<number>`(${due.forUpdate().skipLocked()})` : due)
    .returningAll()
    .execute()
  if (claimed.length === 0) return []
  const endpoints = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'url', 'secret'])
    .where(
      'id',
      'in',
      claimed.map((d) => d.endpoint_id),
    )
    .execute()
  const byId = new Map(endpoints.map((e) => [e.id, e]))
  return claimed.flatMap((d) => {
    const e = byId.get(d.endpoint_id)
    return e ? [{ ...d, url: e.url, secret: e.secret }] : []
  })
}

export async function recordAttempt(
  db: Q,
  r: {
    id: number
    now: number
    outcome: { status: 'delivered' | 'failed' | 'pending'; nextAttemptAt?: number }
    httpStatus: number | null
    error: string | null
  },
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      status: r.outcome.status,
      attempts: eb('attempts', '+', 1),
      last_attempt_at: r.now,
      last_status: r.httpStatus,
      last_error: r.error,
      locked_until: 0,
      ...(r.outcome.nextAttemptAt !== undefined ? { next_attempt_at: r.outcome.nextAttemptAt } : {}),
    }))
    .where('id', '=', r.id)
    .execute()
}
