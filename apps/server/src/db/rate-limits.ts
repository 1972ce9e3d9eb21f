import { type Kysely, sql } from 'kysely'
import type { Database } from './schema'

type Q = Kysely<Database>

/**
 * Counts one hit in `key`'s window and returns the window, in one statement: a new row, a row whose window
 * ended (a fresh window), or one more in the open window. The upsert is atomic on both engines, so
 * concurrent hits from any number of processes are each counted once.
 */
export async function incrementRateLimit(
  db: Q,
  key: string,
  windowMs: number,
  now: number,
): Promise<{ count: number; resetAt: number }> {
  const fresh = now + windowMs
  const row = await db
    .insertInto('rate_limits')
    .values({ key, count: 1, reset_at: fresh })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.reset_at <= ${now} then 1 else rate_limits.count + 1 end`,
        reset_at: sql<number>`case when rate_limits.reset_at <= ${now} then ${fresh} else rate_limits.reset_at end`,
      }),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirstOrThrow()
  return { count: Number(row.count), resetAt: Number(row.reset_at) }
}

export async function deleteRateLimitsEndedBefore(db: Q, now: number): Promise<void> {
  await db.deleteFrom('rate_limits').where('reset_at', '<=', now).execute()
}
