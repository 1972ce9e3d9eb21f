import type { Kysely } from 'kysely'
import type { Database, IdempotencyKeyRow } from './schema'

type Q = Kysely<Database>

/**
 * Claims `key` for one request: inserts the pending row unless one exists (`on conflict do nothing`, atomic on
 * both engines and across processes). True for the one caller that inserted it.
 */
export async function claimIdempotencyKey(
  db: Q,
  r: { userId: number; key: string; fingerprint: string; now: number; ttlMs: number; lockMs: number },
): Promise<boolean> {
  const row = await db
    .insertInto('idempotency_keys')
    .values({
      user_id: r.userId,
      key: r.key,
      fingerprint: r.fingerprint,
      status: 'pending',
      created_at: r.now,
      expires_at: r.now + r.ttlMs,
      locked_until: r.now + r.lockMs,
    })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst()
  return row !== undefined
}

export function findIdempotencyKey(
  db: Q,
  userId: number,
  key: string,
): Promise<IdempotencyKeyRow | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst()
}

/** Removes the key's row if it expired, so that the key can be claimed afresh. */
export async function deleteExpiredIdempotencyKey(
  db: Q,
  userId: number,
  key: string,
  now: number,
): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('expires_at', '<=', now)
    .execute()
}

/**
 * Takes over a pending key whose request outlived its lock (its process died before answering): true for the
 * one caller whose conditional update won.
 */
export async function takeOverIdempotencyKey(
  db: Q,
  r: { userId: number; key: string; now: number; lockMs: number },
): Promise<boolean> {
  const res = await db
    .updateTable('idempotency_keys')
    .set({ locked_until: r.now + r.lockMs })
    .where('user_id', '=', r.userId)
    .where('key', '=', r.key)
    .where('status', '=', 'pending')
    .where('locked_until', '<=', r.now)
    .executeTakeFirst()
  return Number(res.numUpdatedRows) === 1
}

export async function storeIdempotentAnswer(
  db: Q,
  r: { userId: number; key: string; status: number; headers: Record<string, string>; body: string },
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({
      status: 'done',
      response_status: r.status,
      response_headers: JSON.stringify(r.headers),
      response_body: r.body,
    })
    .where('user_id', '=', r.userId)
    .where('key', '=', r.key)
    .execute()
}

/** Forgets a pending key whose request failed on our side, so that a retry runs it again. */
export async function releaseIdempotencyKey(db: Q, userId: number, key: string): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('status', '=', 'pending')
    .execute()
}

export async function deleteIdempotencyKeysExpiredBefore(db: Q, now: number): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('expires_at', '<=', now).execute()
}
