import type { Kysely } from 'kysely'
import type { CheckoutRow, Database } from '../../db/schema'

type Q = Kysely<Database>

export async function insertCheckout(
  db: Q,
  c: {
    id: string
    userId: number
    /** The person who opens it (in a team's workspace, the admin buying for it). */
    openedBy: number
    offerId: string
    variant: string
    provider: string
    now: number
  },
): Promise<void> {
  await db
    .insertInto('checkouts')
    .values({
      id: c.id,
      user_id: c.userId,
      opened_by: c.openedBy,
      offer_id: c.offerId,
      variant: c.variant,
      provider: c.provider,
      status: 'open',
      created_at: c.now,
    })
    .execute()
}

/**
 * Removes checkout `id` while it is still open with no provider session: one the provider never opened, so that
 * "nothing was changed" stays true (a live subscription check or a list would otherwise see it).
 */
export async function deleteUnopenedCheckout(db: Q, id: string): Promise<void> {
  await db
    .deleteFrom('checkouts')
    .where('id', '=', id)
    .where('status', '=', 'open')
    .where('provider_ref', 'is', null)
    .execute()
}

export function setCheckoutProviderRef(db: Q, id: string, ref: string) {
  return db.updateTable('checkouts').set({ provider_ref: ref }).where('id', '=', id).execute()
}

export function findCheckout(db: Q, id: string): Promise<CheckoutRow | undefined> {
  return db.selectFrom('checkouts').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The one request that moves an open checkout to `charged` wins; the card's brand and outcome ride along. */
export async function markCheckoutCharged(
  db: Q,
  id: string,
  card: { brand: string | null; last4: string | null; outcome: string | null },
  now: number,
): Promise<boolean> {
  const r = await db
    .updateTable('checkouts')
    .set({
      status: 'charged',
      charged_at: now,
      card_brand: card.brand,
      card_last4: card.last4,
      card_outcome: card.outcome,
    })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

/** `charged` -> `paid`: true for the one transaction that grants the credits. */
export async function markCheckoutPaid(db: Q, id: string): Promise<boolean> {
  const r = await db
    .updateTable('checkouts')
    .set({ status: 'paid' })
    .where('id', '=', id)
    .where('status', '=', 'charged')
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

/** Checkouts the provider charged whose credits were never granted (the process died in between). */
export function listChargedCheckouts(db: Q, limit = 100): Promise<CheckoutRow[]> {
  return db
    .selectFrom('checkouts')
    .selectAll()
    .where('status', '=', 'charged')
    .orderBy('charged_at')
    .limit(limit)
    .execute()
}

/** The user's checkouts that are charged and not yet granted. */
export function findChargedCheckouts(db: Q, userId: number): Promise<CheckoutRow[]> {
  return db
    .selectFrom('checkouts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'charged')
    .execute()
}
