import type { CheckoutVariant, OfferKind, OfferTier, Purchase, PurchaseStatus } from '@templet/api/contract'
import type { Kysely } from 'kysely'
import type { Database, PurchaseRow } from '../../db/schema'
import { type BillingEvent, notifyBilling } from '../notifications/notifications'
import { billedToNow } from './billing-details'
import { grantCreditsOnce, lockUserCredits, takeBackUnspent } from './ledger'
import type { CatalogueOffer } from './offers'
import { insertPurchaseOnce, markPurchaseRefunded } from './purchases.queries'

/** A payment of a checkout, or of a subscription's next period, paid or refused. */
export type PaymentRecord = {
  userId: number
  /**
   * The purchase's `source_key`, and the ledger key of its grant when paid: the database admits one purchase
   * and one grant per key, whoever records it and however often.
   */
  key: string
  offer: CatalogueOffer
  /** The subscription the payment started (a subscription checkout) or renews. */
  subscriptionId: number | null
  variant: string
  provider: string
  /** The provider's payment (a Stripe payment intent or invoice) that a refund will name. */
  paymentRef?: string | null
  card?: { brand: string | null; last4: string | null }
  /** What the provider took, when it says so itself (a Stripe invoice); else the offer's price. */
  charged?: { amountCents: number; currency: string }
  /** Tell the customer (default); a retried failed card of one checkout is told once. */
  notify?: boolean
  now: number
} & (
  | { source: 'checkout'; checkoutId: string | null; outcome: 'paid' | 'declined' | 'insufficient_funds' }
  /** `periodEnd`: the end of the period the renewal pays for. */
  | { source: 'renewal'; outcome: 'paid' | 'renewal_failed'; periodEnd: number }
)

/**
 * Records a payment: the purchase (with what it is billed to), its credits when paid (a ledger grant under the
 * same key) and the customer's notification, together or not at all. Call it inside the transaction that claims the payment (a checkout's
 * `charged -> paid`, a subscription's move to its next period), so that what the caller changes commits with
 * it. The purchase's unique key admits one recording: a replayed or concurrent call records nothing and gets
 * `undefined`; the call that recorded gets the purchase id.
 */
export async function recordPurchase(tx: Kysely<Database>, p: PaymentRecord): Promise<number | undefined> {
  if (!tx.isTransaction) throw new Error('recordPurchase runs inside the transaction that claims the payment')
  const paid = p.outcome === 'paid'
  const credits = paid ? p.offer.credits : 0
  const money = {
    amountCents: p.charged?.amountCents ?? p.offer.cents,
    currency: p.charged?.currency ?? p.offer.currency,
  }
  const purchaseId = await insertPurchaseOnce(tx, {
    user_id: p.userId,
    source_key: p.key,
    checkout_id: p.source === 'checkout' ? p.checkoutId : null,
    subscription_id: p.subscriptionId,
    offer_id: p.offer.id,
    kind: p.offer.kind,
    tier: p.offer.tier,
    amount_cents: money.amountCents,
    currency: money.currency,
    status: paid ? 'paid' : 'failed',
    credits,
    variant: p.variant,
    source: p.source,
    provider: p.provider,
    payment_ref: p.paymentRef ?? null,
    card_brand: p.card?.brand ?? null,
    card_last4: p.card?.last4 ?? null,
    created_at: p.now,
    // Its receipt keeps what the team's billing address was when it was paid (ADR 0210).
    billed_to: await billedToNow(tx, p.userId),
  })
  if (purchaseId === undefined) return undefined
  if (paid) {
    // The ledger's unique key backs the purchase's: a grant already under this key is not repeated.
    await grantCreditsOnce(tx, {
      userId: p.userId,
      amount: credits,
      reason: p.offer.kind === 'subscription' ? 'subscription' : 'purchase',
      idempotencyKey: p.key,
      purchaseId,
      now: p.now,
    })
  }
  const about = { purchaseId, offerId: p.offer.id, ...money }
  const event: BillingEvent =
    p.outcome !== 'paid'
      ? { type: 'purchase_failed', ...about, reason: p.outcome }
      : p.source === 'renewal'
        ? { type: 'subscription_renewed', ...about, credits, periodEnd: new Date(p.periodEnd).toISOString() }
        : { type: 'purchase_paid', ...about, credits }
  if (p.notify !== false) await notifyBilling(tx, p.userId, event, p.now)
  return purchaseId
}

/**
 * Takes back the purchase's credits that are still unspent (never more; the balance never goes negative)
 * and marks it refunded, once, atomically with the user's other credit changes. Returns the credits taken back.
 */
export function refundPurchase(db: Kysely<Database>, purchase: PurchaseRow, now: number): Promise<number> {
  const userId = Number(purchase.user_id)
  return db.transaction().execute(async (tx) => {
    await lockUserCredits(tx, userId)
    const fresh = await tx
      .selectFrom('purchases')
      .selectAll()
      .where('id', '=', purchase.id)
      .executeTakeFirst()
    if (fresh?.status !== 'paid') return 0
    const taken = await takeBackUnspent(tx, {
      userId,
      grantKey: fresh.source_key,
      idempotencyKey: `refund:${fresh.source_key}`,
      purchaseId: Number(fresh.id),
      now,
    })
    await markPurchaseRefunded(tx, Number(fresh.id), taken)
    return taken
  })
}

export const receiptNumber = (row: Pick<PurchaseRow, 'id' | 'created_at'>) =>
  `R-${new Date(row.created_at).getUTCFullYear()}-${String(row.id).padStart(6, '0')}`

/** A purchase row as the contract shows it. */
export function toPurchase(r: PurchaseRow): Purchase {
  return {
    id: Number(r.id),
    offerId: r.offer_id,
    kind: r.kind as OfferKind,
    tier: r.tier as OfferTier,
    amount: r.amount_cents / 100,
    currency: r.currency,
    status: r.status as PurchaseStatus,
    credits: r.credits,
    refundedCredits: r.refunded_credits,
    variant: r.variant as CheckoutVariant,
    receiptNumber: receiptNumber(r),
    source: r.source === 'renewal' ? 'renewal' : 'checkout',
    createdAt: new Date(r.created_at).toISOString(),
  }
}
