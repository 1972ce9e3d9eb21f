import type { Kysely } from 'kysely'
import type { Database } from './schema'

type Q = Kysely<Database>

export async function insertLedgerRow(
  db: Q,
  row: { userId: number; delta: number; reason: string; idempotencyKey?: string; now: number },
): Promise<void> {
  await db
    .insertInto('credit_ledger')
    .values({
      user_id: row.userId,
      delta: row.delta,
      reason: row.reason,
      idempotency_key: row.idempotencyKey ?? null,
      created_at: row.now,
    })
    .execute()
}

export async function ledgerBalance(db: Q, userId: number): Promise<number> {
  const row = await db
    .selectFrom('credit_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('delta'), eb.lit(0)).as('balance'))
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return Number(row?.balance ?? 0)
}
