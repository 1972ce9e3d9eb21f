import { Code } from '@templet/api/contract'
import type { Kysely } from 'kysely'
import { InsufficientCreditsError, insertLedgerRow, ledgerBalance, spendInTransaction } from '../db/ledger'
import type { Database } from '../db/schema'
import { AppError } from '../errors'

/** Free credits on a new account (PRODUCT.md §7). */
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
 * runs in the same transaction, so what the credit pays for is stored if and only if the credit is spent.
 * Throws a 402 {@link AppError} when the balance is short.
 */
export async function spendCredits<T = undefined>(
  db: Kysely<Database>,
  spend: { userId: number; amount: number; reason: string; idempotencyKey?: string; now: number },
  andThen: (trx: Kysely<Database>) => Promise<T> = async () => undefined as T,
): Promise<{ result: T; balance: number }> {
  if (!Number.isInteger(spend.amount) || spend.amount <= 0)
    throw new RangeError('a spend is a positive whole number')
  try {
    return await spendInTransaction(db, spend, andThen)
  } catch (err) {
    if (err instanceof InsufficientCreditsError)
      throw new AppError(Code.notEnoughCredits, 'Not enough credits; buy more to continue', {
        credits: err.balance,
      })
    throw err
  }
}
