import type { Kysely } from 'kysely'
import { preparedQuery } from '../../db/prepared'
import type { Database, SessionRow } from '../../db/schema'

type Q = Kysely<Database>

export async function insertSession(
  db: Q,
  s: { userId: number; tokenHash: string; now: number; expiresAt: number; userAgent?: string | null },
): Promise<number> {
  const row = await db
    .insertInto('sessions')
    .values({
      user_id: s.userId,
      token_hash: s.tokenHash,
      created_at: s.now,
      expires_at: s.expiresAt,
      user_agent: s.userAgent ?? null,
      last_seen_at: s.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

const sessionByHash = preparedQuery(1, (db, tokenHash: string) =>
  db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash),
)

/** Runs on every signed-in request. */
export function findSessionByHash(db: Q, tokenHash: string): Promise<SessionRow | undefined> {
  return sessionByHash.first(db, tokenHash)
}

/** Marks a session rotated unless another request already did; true for the one caller that wins. */
export async function claimRotation(db: Q, id: number, now: number, expiresAt: number): Promise<boolean> {
  const r = await db
    .updateTable('sessions')
    .set({ rotated_at: now, expires_at: expiresAt })
    .where('id', '=', id)
    .where('rotated_at', 'is', null)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

export async function setReplacedBy(db: Q, id: number, replacedBy: number): Promise<void> {
  await db.updateTable('sessions').set({ replaced_by: replacedBy }).where('id', '=', id).execute()
}

/** Deletes a session and the one it replaced (the same device's previous token, still in its grace period). */
export async function deleteSessionAndPredecessor(db: Q, id: number): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('id', '=', id), eb('replaced_by', '=', id)]))
    .execute()
}

export async function deleteExpiredSessions(db: Q, userId: number, now: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('expires_at', '<=', now).execute()
}

/** Ends every session of the user but `keep` (the one a password change answers with). */
export async function deleteUserSessions(db: Q, userId: number, keep?: number): Promise<void> {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId)
  if (keep !== undefined) q = q.where('id', '!=', keep)
  await q.execute()
}

/** The user's live sessions, most recently used first (a rotated token's successor stands for its device). */
export function liveSessionsOf(db: Q, userId: number, now: number): Promise<SessionRow[]> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .where('rotated_at', 'is', null)
    .orderBy((eb) => eb.fn.coalesce('last_seen_at', 'created_at'), 'desc')
    .orderBy('id', 'desc')
    .execute()
}

/** Ends one session of the user (and its predecessor still in grace); false when it is not theirs. */
export async function deleteOwnSession(db: Q, userId: number, id: number): Promise<boolean> {
  const r = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('id', '=', id), eb('replaced_by', '=', id)]))
    .executeTakeFirst()
  return Number(r.numDeletedRows) > 0
}

export async function touchSession(db: Q, id: number, now: number): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute()
}
