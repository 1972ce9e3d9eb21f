import { type Kysely, sql } from 'kysely'
import { isPostgres } from '../../db/connection'
import type { Database } from '../../db/schema'

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

/**
 * Credits spent since `since` (ms): creations and renders, less the refunds of those that failed or were
 * cancelled (a refund of a payment takes back bought credits, and is not spending).
 */
export async function creditsSpentSince(db: Q, userId: number, since: number): Promise<number> {
  const row = await db
    .selectFrom('credit_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('delta'), eb.lit(0)).as('net'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .where((eb) =>
      eb.or([
        eb('reason', '=', 'creation'),
        eb.and([eb('reason', '=', 'refund'), eb('purchase_id', 'is', null)]),
      ]),
    )
    .executeTakeFirst()
  return Math.max(0, -Number(row?.net ?? 0))
}

// Spending: check-then-act in one transaction, with the user's row locked on PostgreSQL.

/** Thrown inside the spend's transaction when the balance is short; the transaction rolls back. */
export class InsufficientCreditsError extends Error {
  override name = 'InsufficientCreditsError'
  constructor(readonly balance: number) {
    super('not enough credits')
  }
}

/**
 * Holds the user's row until the transaction ends, so that a check and the write it allows (a balance and a
 * spend, a count and an insert) are one step for that user: `for update` on PostgreSQL; on SQLite, which runs
 * one write transaction at a time, a no-op write that takes the write lock now.
 */
export async function lockUser(trx: Q, userId: number): Promise<void> {
  if (isPostgres(trx))
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute()
  else await sql`update users set id = id where id = ${userId}`.execute(trx)
}

/**
 * In one transaction: locks the user's row (PostgreSQL; SQLite runs one write transaction at a time), checks
 * the balance covers `amount`, writes the spend row, then runs `andThen` in the same transaction (the row the
 * spend pays for; it is told the balance before and after). Returns its result and the balance after. Throws {@link InsufficientCreditsError}.
 */
export function spendInTransaction<T>(
  db: Q,
  spend: { userId: number; amount: number; reason: string; idempotencyKey?: string; now: number },
  andThen: (trx: Q, balance: { before: number; after: number }) => Promise<T>,
): Promise<{ result: T; balance: number }> {
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, spend.userId)
    const balance = await ledgerBalance(trx, spend.userId)
    if (balance < spend.amount) throw new InsufficientCreditsError(balance)
    await insertLedgerRow(trx, { ...spend, delta: -spend.amount })
    const result = await andThen(trx, { before: balance, after: balance - spend.amount })
    return { result, balance: balance - spend.amount }
  })
}

/**
 * Inserts the row unless a row with its idempotency key exists (`on conflict do nothing`, both engines): true
 * when this call inserted it. A conflict does not abort the surrounding PostgreSQL transaction.
 */
export async function insertLedgerRowOnce(
  db: Q,
  row: {
    userId: number
    delta: number
    reason: string
    idempotencyKey: string
    purchaseId: number | null
    now: number
  },
): Promise<boolean> {
  const r = await db
    .insertInto('credit_ledger')
    .values({
      user_id: row.userId,
      delta: row.delta,
      reason: row.reason,
      idempotency_key: row.idempotencyKey,
      purchase_id: row.purchaseId,
      created_at: row.now,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst()
  return r !== undefined
}

export function findLedgerRowByKey(db: Q, key: string) {
  return db.selectFrom('credit_ledger').selectAll().where('idempotency_key', '=', key).executeTakeFirst()
}

/** One page of the user's ledger, newest first, each row with the balance right after it. */
export function ledgerPage(db: Q, userId: number, page: { limit: number; offset: number }) {
  return db
    .selectFrom('credit_ledger')
    .select(['id', 'delta', 'reason', 'purchase_id', 'created_at'])
    .select((eb) =>
      eb.fn
        .sum<number>('delta')
        .over((ob) => ob.orderBy('id'))
        .as('balance_after'),
    )
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
}

export async function countLedgerRows(db: Q, userId: number): Promise<number> {
  const r = await db
    .selectFrom('credit_ledger')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(r.n)
}

/**
 * For "which credits are still unspent": the credits granted up to and including row `throughId`, and every
 * credit taken out of the account so far (spends and earlier refunds).
 */
export async function ledgerConsumption(
  db: Q,
  userId: number,
  throughId: number,
): Promise<{ grantedThrough: number; debited: number; balance: number }> {
  const r = await db
    .selectFrom('credit_ledger')
    .select((eb) => [
      eb.fn
        .coalesce(
          eb.fn.sum<number>(
            eb
              .case()
              .when(eb.and([eb('delta', '>', 0), eb('id', '<=', throughId)]))
              .then(eb.ref('delta'))
              .else(0)
              .end(),
          ),
          eb.lit(0),
        )
        .as('granted'),
      eb.fn
        .coalesce(
          eb.fn.sum<number>(eb.case().when('delta', '<', 0).then(eb.ref('delta')).else(0).end()),
          eb.lit(0),
        )
        .as('debits'),
      eb.fn.coalesce(eb.fn.sum<number>('delta'), eb.lit(0)).as('balance'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return { grantedThrough: Number(r.granted), debited: -Number(r.debits), balance: Number(r.balance) }
}
