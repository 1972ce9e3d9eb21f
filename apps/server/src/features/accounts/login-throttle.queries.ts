import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { Database } from '../../db/schema'

type Q = Kysely<Database>

/** How failures turn into waits: none below `limit`, then `firstMs` doubling with each one, up to `maxMs`. */
export interface DelayRule {
  limit: number
  firstMs: number
  maxMs: number
}

/** The wait after `failures` failures, in ms. */
export function delayAfter(failures: number, r: DelayRule): number {
  if (failures < r.limit) return 0
  return Math.min(r.maxMs, r.firstMs * 2 ** Math.min(failures - r.limit, 30))
}

/** {@link delayAfter} as a SQL `case` on both engines (no `power()` in SQLite): one branch per doubling. */
function delaySql(failures: RawBuilder<number>, r: DelayRule): RawBuilder<number> {
  const steps: RawBuilder<unknown>[] = []
  for (let n = r.limit; delayAfter(n, r) < r.maxMs; n++)
    steps.push(sql`when ${failures} = ${sql.lit(n)} then ${sql.lit(delayAfter(n, r))}`)
  return sql<number>`case when ${failures} < ${sql.lit(r.limit)} then 0 ${sql.join(steps, sql` `)} else ${sql.lit(r.maxMs)} end`
}

/**
 * Counts one attempt on `key` unless it is blocked, in one statement: a new row, a row whose failures are older
 * than `forgetBefore` (counting starts again), or one more failure; the count sets the block for the attempt
 * after this one. Returns the new count, or the time the key is blocked until. The upsert is atomic on both
 * engines, so parallel attempts from any number of processes each count once and none passes a block.
 */
export async function claimLoginAttempt(
  db: Q,
  key: string,
  now: number,
  forgetBefore: number,
  rule: DelayRule,
): Promise<{ claimed: true; failures: number } | { claimed: false; blockedUntil: number }> {
  const failures = sql<number>`case when login_throttle.updated_at <= ${forgetBefore} then 1 else login_throttle.failures + 1 end`
  const row = await db
    .insertInto('login_throttle')
    .values({ key, failures: 1, blocked_until: now + delayAfter(1, rule), updated_at: now })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({
          failures,
          blocked_until: sql<number>`cast(${now} as bigint) + ${delaySql(failures, rule)}`,
          updated_at: now,
        })
        .where('login_throttle.blocked_until', '<=', now),
    )
    .returning(['failures'])
    .executeTakeFirst()
  if (row) return { claimed: true, failures: Number(row.failures) }
  const blocked = await db
    .selectFrom('login_throttle')
    .select('blocked_until')
    .where('key', '=', key)
    .executeTakeFirst()
  return { claimed: false, blockedUntil: Number(blocked?.blocked_until ?? now) }
}

/** A success: the keys' failures are forgotten. */
export async function clearLoginFailures(db: Q, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.deleteFrom('login_throttle').where('key', 'in', keys).execute()
}

/** Rows neither blocking nor remembered any more. */
export async function deleteLoginFailuresBefore(db: Q, forgetBefore: number, now: number): Promise<void> {
  await db
    .deleteFrom('login_throttle')
    .where('updated_at', '<=', forgetBefore)
    .where('blocked_until', '<=', now)
    .execute()
}

/** Forgets every counter of the account `email` (all addresses and the account's own); a known device's stays. */
export async function clearAccountLoginFailures(db: Q, email: string): Promise<void> {
  const source = `source:${email}|`
  await db
    .deleteFrom('login_throttle')
    .where((eb) =>
      eb.or([
        eb('key', '=', `account:${email}`),
        eb(sql<string>`substr(key, 1, ${sql.lit(source.length)})`, '=', source),
      ]),
    )
    .execute()
}
