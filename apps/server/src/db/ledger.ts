import { type Kysely, PostgresAdapter, sql } from 'kysely'
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

// Spending: check-then-act in one transaction, with the user's row locked on PostgreSQL.

/** Thrown inside the spend's transaction when the balance is short; the transaction rolls back. */
export class InsufficientCreditsError extends Error {
  override name = 'InsufficientCreditsError'
  constructor(readonly balance: number) {
    super('not enough credits')
  }
}

const isPostgres = (db: Q) => db.getExecutor().adapter instanceof PostgresAdapter

/**
 * In one transaction: locks the user's row (PostgreSQL; SQLite runs one write transaction at a time), checks
 * the balance covers `amount`, writes the spend row, then runs `andThen` in the same transaction (the row the
 * spend pays for). Returns its result and the balance after. Throws {@link InsufficientCreditsError}.
 */
export function spendInTransaction<T>(
  db: Q,
  spend: { userId: number; amount: number; reason: string; idempotencyKey?: string; now: number },
  andThen: (trx: Q) => Promise<T>,
): Promise<{ result: T; balance: number }> {
  return db.transaction().execute(async (trx) => {
    if (isPostgres(trx)) {
      await trx.selectFrom('users').select('id').where('id', '=', spend.userId).forUpdate().execute()
    } else {
      // Takes SQLite's write lock now, so no other connection's spend can read the same balance.
      await sql`update users set id = id where id = ${spend.userId}`.execute(trx)
    }
    const balance = await ledgerBalance(trx, spend.userId)
    if (balance < spend.amount) throw new InsufficientCreditsError(balance)
    await insertLedgerRow(trx, { ...spend, delta: -spend.amount })
    const result = await andThen(trx)
    return { result, balance: balance - spend.amount }
  })
}
