import type { Kysely } from 'kysely'
import type { Database, NewPurchase, PurchaseRow } from '../../db/schema'

type Q = Kysely<Database>

export function findPurchaseBySource(db: Q, sourceKey: string): Promise<PurchaseRow | undefined> {
  return db.selectFrom('purchases').selectAll().where('source_key', '=', sourceKey).executeTakeFirst()
}

/** The user's own purchase, or nothing (someone else's is as unknown as a missing one). */
export function findUserPurchase(db: Q, userId: number, id: number): Promise<PurchaseRow | undefined> {
  return db
    .selectFrom('purchases')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

/** The paid purchase a provider payment (Stripe payment intent or invoice) belongs to. */
export function findPurchaseByPaymentRef(db: Q, refs: string[]): Promise<PurchaseRow | undefined> {
  return db
    .selectFrom('purchases')
    .selectAll()
    .where('payment_ref', 'in', refs)
    .where('status', 'in', ['paid', 'refunded'])
    .orderBy('id')
    .executeTakeFirst()
}

export function listPurchases(
  db: Q,
  userId: number,
  page: { limit: number; offset: number },
): Promise<PurchaseRow[]> {
  return db
    .selectFrom('purchases')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
}

export async function countPurchases(db: Q, userId: number): Promise<number> {
  const r = await db
    .selectFrom('purchases')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(r.n)
}

/** paid -> refunded, once: true for the one transaction that takes the credits back. */
export async function markPurchaseRefunded(db: Q, id: number, refundedCredits: number): Promise<boolean> {
  const r = await db
    .updateTable('purchases')
    .set({ status: 'refunded', refunded_credits: refundedCredits })
    .where('id', '=', id)
    .where('status', '=', 'paid')
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

/** Inserts unless a purchase with the same `source_key` exists: the id when this call inserted it. */
export async function insertPurchaseOnce(db: Q, row: NewPurchase): Promise<number | undefined> {
  const r = await db
    .insertInto('purchases')
    .values(row)
    .onConflict((oc) => oc.column('source_key').doNothing())
    .returning('id')
    .executeTakeFirst()
  return r ? Number(r.id) : undefined
}

/** Names the provider payment of a purchase that had none yet (a subscription's first invoice). */
export async function setPurchasePaymentRef(db: Q, sourceKey: string, ref: string): Promise<void> {
  await db
    .updateTable('purchases')
    .set({ payment_ref: ref })
    .where('source_key', '=', sourceKey)
    .where('payment_ref', 'is', null)
    .execute()
}
