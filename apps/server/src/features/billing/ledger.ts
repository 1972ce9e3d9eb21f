import { Code } from '@templet/api/contract'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { AppError } from '../../errors'
import { notifyCreditsLow } from '../notifications/notifications'
import {
  findLedgerRowByKey,
  InsufficientCreditsError,
  insertLedgerRow,
  insertLedgerRowOnce,
  ledgerBalance,
  ledgerConsumption,
  spendInTransaction,
} from './ledger.queries'

/** Free credits on a new account (docs/product.md#credits). */
export const SIGNUP_CREDITS = 5

export function grantCredits(
  db: Kysely<Database>,
  grant: { userId: number; amount: number; reason: string; idempotencyKey?: string; now: number },
): Promise<void> {
  if (!Number.isInteger(grant.amount) || grant.amount <= 0)
    throw new RangeError('a grant is a positive whole number')
  return insertLedgerRow(db, { ...grant, delta: grant.amount })
}

export const creditBalance = (db: Kysely<Database>, userId: number) => ledgerBalance(db, userId)

// Spending credits (media: one credit per creation).

/**
 * Spends `amount` credits atomically: never below zero, also under concurrent spends on either engine. `andThen`
 * runs in the same transaction, so what the credit pays for is stored if and only if the credit is spent. A spend
 * that takes the balance below LOW_CREDITS_BELOW raises the credits-low notification in that transaction too:
 * spends of one user are serialised, so exactly one spend crosses. Throws a 402 {@link AppError} when the
 * balance is short.
 */
export async function spendCredits<T = undefined>(
  db: Kysely<Database>,
  spend: { userId: number; amount: number; reason: string; idempotencyKey?: string; now: number },
  andThen: (trx: Kysely<Database>) => Promise<T> = async () => undefined as T,
): Promise<{ result: T; balance: number }> {
  if (!Number.isInteger(spend.amount) || spend.amount <= 0)
    throw new RangeError('a spend is a positive whole number')
  try {
    return await spendInTransaction(db, spend, async (trx, balance) => {
      const result = await andThen(trx)
      await notifyCreditsLow(trx, spend.userId, balance, spend.now)
      return result
    })
  } catch (err) {
    if (err instanceof InsufficientCreditsError)
      throw new AppError(Code.notEnoughCredits, 'Not enough credits; buy more to continue', {
        credits: err.balance,
      })
    throw err
  }
}

/**
 * Grants `amount` credits once per `idempotencyKey` (a checkout id, a payment event, a subscription period):
 * the database's unique index decides, so a replayed, retried or concurrent duplicate grants nothing. True when
 * this call granted.
 */
export function grantCreditsOnce(
  db: Kysely<Database>,
  grant: {
    userId: number
    amount: number
    reason: string
    idempotencyKey: string
    purchaseId: number | null
    now: number
  },
): Promise<boolean> {
  if (!Number.isInteger(grant.amount) || grant.amount <= 0)
    throw new RangeError('a grant is a positive whole number')
  return insertLedgerRowOnce(db, { ...grant, delta: grant.amount })
}

/**
 * Takes back what is left unspent of one grant (the row keyed `grantKey`), once per `idempotencyKey`: spends use
 * the oldest credits first, so the grant's unspent part is what the spends so far have not reached, and never
 * more than the balance. Run inside a transaction that holds the user's lock ({@link lockUserCredits}).
 * Returns the credits taken back (0 when all were spent).
 */
export async function takeBackUnspent(
  tx: Kysely<Database>,
  r: { userId: number; grantKey: string; idempotencyKey: string; purchaseId: number | null; now: number },
): Promise<number> {
  const grant = await findLedgerRowByKey(tx, r.grantKey)
  if (!grant || grant.delta <= 0) return 0
  const { grantedThrough, debited, balance } = await ledgerConsumption(tx, r.userId, Number(grant.id))
  const unspent = Math.max(0, Math.min(grant.delta, grantedThrough - debited, balance))
  if (unspent === 0) return 0
  const inserted = await insertLedgerRowOnce(tx, {
    userId: r.userId,
    delta: -unspent,
    reason: 'refund',
    idempotencyKey: r.idempotencyKey,
    purchaseId: r.purchaseId,
    now: r.now,
  })
  return inserted ? unspent : 0
}

/**
 * Serialises credit changes of one user inside a transaction: PostgreSQL locks the user's row until commit;
 * SQLite has one writer at a time already (the transaction's first write takes the lock).
 */
export async function lockUserCredits(tx: Kysely<Database>, userId: number): Promise<void> {
  await tx
    .updateTable('users')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', userId)
    .execute()
}
