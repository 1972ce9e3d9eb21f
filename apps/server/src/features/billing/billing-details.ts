import { type BillingDetails, type BillingDetailsBody, Code } from '@templet/api/contract'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { AppError } from '../../errors'
import { findBillingDetails, writeBillingDetails } from './billing-details.queries'

/** What a receipt is billed to when the workspace has set it: a name and the lines of a postal address. */
export interface BilledTo {
  name: string
  address: string[]
}

/**
 * A team's billing name and address (ADR 0210), kept for its workspace row as a person's receipt details (their
 * name and email) are kept on theirs: the receipt reads one or the other through {@link receiptCustomer}.
 */
export class BillingDetailsStore {
  constructor(private readonly d: { db: Kysely<Database>; now: () => number }) {}

  async get(userId: number): Promise<BillingDetails | null> {
    const row = await findBillingDetails(this.d.db, userId)
    if (!row) return null
    return {
      name: row.name,
      address: JSON.parse(row.address) as string[],
      updatedAt: new Date(Number(row.updated_at)).toISOString(),
    }
  }

  /** Sets them for `teamId`'s workspace `userId`; a person's own workspace has none (their receipts name them). */
  async save(userId: number, teamId: number | undefined, body: BillingDetailsBody): Promise<BillingDetails> {
    if (teamId === undefined)
      throw new AppError(
        Code.invalidInput,
        "A billing address is a team's: send the request in the team's workspace (the Team header)",
      )
    const now = this.d.now()
    await writeBillingDetails(this.d.db, {
      userId,
      name: body.name,
      address: JSON.stringify(body.address),
      now,
    })
    return { name: body.name, address: body.address, updatedAt: new Date(now).toISOString() }
  }
}

/**
 * What a purchase of `userId`'s workspace made now is billed to, kept on the purchase (`billed_to`) so that its
 * receipt shows it for good: the workspace's billing details, or null when it has none.
 */
export async function billedToNow(db: Kysely<Database>, userId: number): Promise<string | null> {
  const row = await findBillingDetails(db, userId)
  if (!row) return null
  return JSON.stringify({ name: row.name, address: JSON.parse(row.address) } satisfies BilledTo)
}

/**
 * Who a receipt is billed to: what the purchase kept when it was made, else (a purchase made before any was set)
 * the account as it is: a person's name and email, a team's name.
 */
export function receiptCustomer(
  billedTo: string | null,
  account: { name: string; email: string; kind: 'person' | 'team' } | undefined,
): { name: string; email: string; address: string[] } {
  const email = account?.kind === 'person' ? account.email : ''
  if (billedTo !== null) {
    const kept = JSON.parse(billedTo) as BilledTo
    return { name: kept.name, email, address: kept.address }
  }
  return { name: account?.name ?? '', email, address: [] }
}
