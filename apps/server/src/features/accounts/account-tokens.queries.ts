import type { Kysely } from 'kysely'
import type { AccountTokenPurpose, Database } from '../../db/schema'

type Q = Kysely<Database>

export async function insertAccountToken(
  db: Q,
  t: {
    userId: number
    purpose: AccountTokenPurpose
    tokenHash: string
    email: string
    now: number
    expiresAt: number
  },
): Promise<void> {
  await db
    .insertInto('account_tokens')
    .values({
      user_id: t.userId,
      purpose: t.purpose,
      token_hash: t.tokenHash,
      email: t.email,
      created_at: t.now,
      expires_at: t.expiresAt,
    })
    .execute()
}

/**
 * Uses a token once, in one statement: of parallel requests with one token (from any number of processes) one
 * gets its row back, the others nothing, like an unknown, expired or used token.
 */
export async function claimAccountToken(
  db: Q,
  o: { tokenHash: string; purposes: AccountTokenPurpose[]; now: number },
): Promise<{ userId: number; purpose: AccountTokenPurpose; email: string } | undefined> {
  const row = await db
    .updateTable('account_tokens')
    .set({ used_at: o.now })
    .where('token_hash', '=', o.tokenHash)
    .where('purpose', 'in', o.purposes)
    .where('used_at', 'is', null)
    .where('expires_at', '>', o.now)
    .returning(['user_id', 'purpose', 'email'])
    .executeTakeFirst()
  return row && { userId: Number(row.user_id), purpose: row.purpose, email: row.email }
}

/** Retires the account's unused tokens of `purpose` (a newer link replaces the older ones; a reset ends them). */
export async function retireAccountTokens(
  db: Q,
  userId: number,
  purposes: AccountTokenPurpose[],
  now: number,
): Promise<void> {
  await db
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', 'in', purposes)
    .where('used_at', 'is', null)
    .execute()
}

/** The new address of the account's live email change, if any. */
export async function pendingEmailOf(db: Q, userId: number, now: number): Promise<string | null> {
  const row = await db
    .selectFrom('account_tokens')
    .select('email')
    .where('user_id', '=', userId)
    .where('purpose', '=', 'change_email')
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .executeTakeFirst()
  return row?.email ?? null
}
