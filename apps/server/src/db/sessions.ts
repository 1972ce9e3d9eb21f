import type { Kysely } from 'kysely'
import { preparedQuery } from './prepared'
import type { Database, SessionRow } from './schema'

type Q = Kysely<Database>

export async function insertSession(
  db: Q,
  s: { userId: number; tokenHash: string; now: number; expiresAt: number },
): Promise<number> {
  const row = await db
    .insertInto('sessions')
    .values({ user_id: s.userId, token_hash: s.tokenHash, created_at: s.now, expires_at: s.expiresAt })
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
