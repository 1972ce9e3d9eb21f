import type { Kysely } from 'kysely'
import type { ApiKeyRow, Database } from '../../db/schema'

type Q = Kysely<Database>

export async function insertApiKey(
  db: Q,
  k: {
    userId: number
    name: string
    scopes: string
    mode: 'live' | 'test'
    keyHash: string
    hint: string
    /** The person who made it (in a team, the admin). */
    createdBy: number
    now: number
  },
): Promise<ApiKeyRow> {
  return db
    .insertInto('api_keys')
    .values({
      user_id: k.userId,
      name: k.name,
      scopes: k.scopes,
      mode: k.mode,
      key_hash: k.keyHash,
      hint: k.hint,
      created_by: k.createdBy,
      created_at: k.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function countLiveApiKeys(db: Q, userId: number): Promise<number> {
  const r = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(r.n)
}

/** The user's live keys, newest first. */
export function listLiveApiKeys(db: Q, userId: number): Promise<ApiKeyRow[]> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('id', 'desc')
    .execute()
}

/**
 * The live key with this hash and when its account's deletion takes effect (null when none is pending), or
 * undefined (unknown or revoked).
 */
export function findLiveApiKey(
  db: Q,
  keyHash: string,
): Promise<(ApiKeyRow & { delete_after: number | null }) | undefined> {
  return db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .selectAll('api_keys')
    .select('users.delete_after')
    .where('api_keys.key_hash', '=', keyHash)
    .where('api_keys.revoked_at', 'is', null)
    .executeTakeFirst()
}

/** Revokes the user's key `id` (a revoked one stays revoked); false when the user has no such key. */
export async function revokeApiKey(db: Q, id: number, userId: number, now: number): Promise<boolean> {
  const own = await db
    .selectFrom('api_keys')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!own) return false
  await db
    .updateTable('api_keys')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute()
  return true
}

/** Records a use, at most once per `everyMs` per key, so a busy key does not write on every request. */
export async function touchApiKey(db: Q, id: number, now: number, everyMs: number): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', now - everyMs)]))
    .execute()
}
