import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'

type Q = Kysely<Database>

export function findBillingDetails(db: Q, userId: number) {
  return db.selectFrom('billing_details').selectAll().where('user_id', '=', userId).executeTakeFirst()
}

/** Replaces the workspace's billing name and address in one statement (`on conflict do update`, both engines). */
export async function writeBillingDetails(
  db: Q,
  row: { userId: number; name: string; address: string; now: number },
): Promise<void> {
  const values = { name: row.name, address: row.address, updated_at: row.now }
  await db
    .insertInto('billing_details')
    .values({ user_id: row.userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute()
}
