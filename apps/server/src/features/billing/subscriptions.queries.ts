import type { Insertable, Kysely, Updateable } from 'kysely'
import { preparedQuery } from '../../db/prepared'
import type { Database, SubscriptionRow, SubscriptionTable } from '../../db/schema'

type Q = Kysely<Database>

export async function insertSubscription(db: Q, row: Insertable<SubscriptionTable>): Promise<number> {
  const r = await db.insertInto('subscriptions').values(row).returning('id').executeTakeFirstOrThrow()
  return Number(r.id)
}

export function findSubscriptionByRef(db: Q, providerRef: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('subscriptions').selectAll().where('provider_ref', '=', providerRef).executeTakeFirst()
}

/** The user's latest subscription that is not over (active or past due), if any. */
const liveSubscription = preparedQuery(1, (db, userId: number) =>
  db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', ['active', 'past_due'])
    .orderBy('id', 'desc'),
)

export function findLiveSubscription(db: Q, userId: number): Promise<SubscriptionRow | undefined> {
  return liveSubscription.first(db, userId)
}

/** Sandbox subscriptions whose period has ended by `now`, oldest first. */
export function listDueSubscriptions(db: Q, now: number, limit = 100): Promise<SubscriptionRow[]> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('provider', '=', 'sandbox')
    .where('status', '=', 'active')
    .where('current_period_end', '<=', now)
    .orderBy('current_period_end')
    .limit(limit)
    .execute()
}

/**
 * Changes the subscription only if it is still in period `period` (and, when given, still has `status`):
 * of several processes that try the same change, exactly one sees `true`.
 */
export async function updateSubscriptionAt(
  db: Q,
  id: number,
  expect: { period: number; status?: string },
  set: Updateable<SubscriptionTable>,
): Promise<boolean> {
  let q = db.updateTable('subscriptions').set(set).where('id', '=', id).where('period', '=', expect.period)
  if (expect.status) q = q.where('status', '=', expect.status)
  const r = await q.executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

export async function updateSubscription(
  db: Q,
  id: number,
  set: Updateable<SubscriptionTable>,
): Promise<void> {
  await db.updateTable('subscriptions').set(set).where('id', '=', id).execute()
}

/** Names the provider's subscription of the one a checkout started, if it had no name yet. */
export async function setSubscriptionRef(db: Q, checkoutId: string, ref: string): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({ provider_ref: ref })
    .where('checkout_id', '=', checkoutId)
    .where('provider_ref', 'is', null)
    .execute()
}
