import type { Kysely } from 'kysely'
import { insertLedgerRow, ledgerBalance } from '../db/ledger'
import type { Database } from '../db/schema'

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
