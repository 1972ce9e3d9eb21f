import { randomBytes } from 'node:crypto'
import {
  type CheckoutCreateData,
  type CheckoutDetailData,
  type CheckoutPayData,
  type CheckoutVariant,
  Code,
  type CreditEntry,
  type OfferKind,
  type OfferTier,
  type Purchase,
  type PurchaseStatus,
  type ReceiptData,
} from '@templet/api/contract'
import type { Kysely } from 'kysely'
import {
  findChargedCheckouts,
  findCheckout,
  insertCheckout,
  listChargedCheckouts,
  markCheckoutCharged,
  markCheckoutPaid,
  setCheckoutProviderRef,
} from '../db/checkouts'
import { countLedgerRows, ledgerPage } from '../db/ledger'
import { insertNotifications } from '../db/notifications'
import {
  countPurchases,
  findPurchaseBySource,
  findUserPurchase,
  insertPurchase,
  listPurchases,
  markPurchaseRefunded,
} from '../db/purchases'
import type { CheckoutRow, Database, PurchaseRow } from '../db/schema'
import { findLiveSubscription, insertSubscription } from '../db/subscriptions'
import { findUserWithCredits } from '../db/users'
import { AppError, notFound } from '../errors'
import { errorFields, type Logger } from '../log'
import { creditBalance, grantCreditsOnce, lockUserCredits, takeBackUnspent } from './ledger'
import { billingNotification } from './notifications'
import type { CatalogueOffer, Offers } from './offers'
import type { PaymentProvider } from './payment-provider'
import { assertNotExpired, cardBrandName, cardOutcome } from './sandbox-card'

export interface BillingDeps {
  db: Kysely<Database>
  offers: Offers
  provider: PaymentProvider
  now: () => number
  log: Logger
  /** The address customers reach the web app at, for the provider's return links. */
  publicUrl: string
  /**
   * Test-only fault injection: `crash-after-charge` kills the process right after the money is taken and
   * before the credits are granted (test/billing-fault.test.ts).
   */
  fault?: string | undefined
}

/** The ledger key of a checkout's grant: one grant per checkout, whoever completes it. */
export const checkoutKey = (checkoutId: string) => `checkout:${checkoutId}`

/** Period n of a subscription ends n calendar months after its anchor (UTC), so periods never drift. */
export function periodEnd(anchor: number, n: number): number {
  const d = new Date(anchor)
  const day = d.getUTCDate()
  d.setUTCDate(1)
  d.setUTCMonth(d.getUTCMonth() + n)
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()
  d.setUTCDate(Math.min(day, lastDay))
  return d.getTime()
}

export const receiptNumber = (row: Pick<PurchaseRow, 'id' | 'created_at'>) =>
  `R-${new Date(row.created_at).getUTCFullYear()}-${String(row.id).padStart(6, '0')}`

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

/** Checkouts, payments, purchases, receipts and the credit history. Subscriptions' renewals: subscriptions.ts. */
export class Billing {
  constructor(readonly d: BillingDeps) {}

  async createCheckout(
    userId: number,
    body: { offerId: string; variant: CheckoutVariant },
  ): Promise<CheckoutCreateData> {
    const { db, provider, now } = this.d
    const offer = this.d.offers.get(body.offerId)
    if (offer.kind === 'subscription') await this.#assertNoLiveSubscription(userId)
    const user = await findUserWithCredits(db, userId)
    if (!user) throw new AppError(Code.unauthorized, 'This account no longer exists')
    const checkoutId = `co_${randomBytes(16).toString('hex')}`
    await insertCheckout(db, {
      id: checkoutId,
      userId,
      offerId: offer.id,
      variant: body.variant,
      provider: provider.name,
      now: now(),
    })
    const opened = await provider.openCheckout({
      checkoutId,
      offer,
      variant: body.variant,
      userId,
      customerEmail: user.email,
      returnUrl: `${this.d.publicUrl}/${body.variant}/${offer.id}`,
    })
    if (opened.providerRef) await setCheckoutProviderRef(db, checkoutId, opened.providerRef)
    return {
      checkoutId,
      provider: provider.name,
      ...(opened.redirectUrl ? { redirectUrl: opened.redirectUrl } : {}),
    }
  }

  /** The caller's checkout; someone else's is as unknown as a missing one. */
  async #ownCheckout(userId: number, id: string): Promise<CheckoutRow> {
    const c = await findCheckout(this.d.db, id)
    if (!c || Number(c.user_id) !== userId) throw notFound('Checkout')
    return c
  }

  /** 409 when the user has a subscription that is not over (other than the one `checkoutId` started). */
  async #assertNoLiveSubscription(userId: number, checkoutId?: string): Promise<void> {
    const live = await findLiveSubscription(this.d.db, userId)
    if (live && live.checkout_id !== checkoutId)
      throw new AppError(
        Code.conflict,
        'You already have a subscription; switch its plan on Pricing Plans instead of buying a second one',
      )
  }

  /**
   * Charges a subscription checkout unless the user has another subscription, or another subscription checkout
   * charged and not yet turned into one: checked and charged under the user's lock, so two checkouts paid at
   * once cannot start two subscriptions.
   */
  async #chargeSubscription(
    checkout: CheckoutRow,
    card: { brand: string; last4: string; outcome: string },
  ): Promise<boolean> {
    const userId = Number(checkout.user_id)
    return this.d.db.transaction().execute(async (tx) => {
      await lockUserCredits(tx, userId)
      const live = await findLiveSubscription(tx, userId)
      const pending = await findChargedCheckouts(tx, userId)
      const other = pending.some(
        (c) => c.id !== checkout.id && this.d.offers.find(c.offer_id)?.kind === 'subscription',
      )
      if ((live && live.checkout_id !== checkout.id) || other)
        throw new AppError(
          Code.conflict,
          'You already have a subscription; switch its plan on Pricing Plans instead of buying a second one',
        )
      return markCheckoutCharged(tx, checkout.id, card, this.d.now())
    })
  }

  async checkoutDetail(userId: number, id: string): Promise<CheckoutDetailData> {
    const c = await this.#ownCheckout(userId, id)
    const p = await findPurchaseBySource(this.d.db, checkoutKey(c.id))
    return {
      checkoutId: c.id,
      offerId: c.offer_id,
      variant: c.variant as CheckoutVariant,
      provider: c.provider === 'stripe' ? 'stripe' : 'sandbox',
      status: c.status as CheckoutDetailData['status'],
      purchase: p ? toPurchase(p) : null,
    }
  }

  /**
   * Pays a sandbox checkout by card. Of concurrent payments of one checkout exactly one charges (the
   * conditional `open -> charged` update) and exactly one grants (`charged -> paid`, plus the ledger's unique
   * key); every caller gets the same purchase. A declined card charges nothing and records a failed attempt.
   */
  async pay(
    userId: number,
    body: { checkoutId: string; cardNumber: string; expiry: string; cvc: string },
  ): Promise<CheckoutPayData> {
    const { db, now } = this.d
    const checkout = await this.#ownCheckout(userId, body.checkoutId)
    // With a real provider configured, no card form may pay anything, not even a checkout left from sandbox days.
    if (checkout.provider !== 'sandbox' || this.d.provider.name !== 'sandbox')
      throw new AppError(Code.conflict, 'This checkout is paid on the payment provider’s page')
    if (checkout.status !== 'open') return this.#paid(userId, await this.complete(checkout))
    assertNotExpired(body.expiry, now())
    const offer = this.d.offers.get(checkout.offer_id)
    const card = { brand: cardBrandName(body.cardNumber), last4: body.cardNumber.slice(-4) }
    const outcome = cardOutcome(body.cardNumber)
    if (outcome !== 'paid') {
      const failed = await this.#recordFailure(checkout, offer, card, outcome)
      return { status: outcome, purchase: toPurchase(failed), balance: await creditBalance(db, userId) }
    }
    const charged =
      offer.kind === 'subscription'
        ? await this.#chargeSubscription(checkout, { ...card, outcome })
        : await markCheckoutCharged(db, checkout.id, { ...card, outcome }, now())
    if (charged && this.d.fault === 'crash-after-charge') process.kill(process.pid, 'SIGKILL')
    const fresh = (await findCheckout(db, checkout.id)) ?? checkout
    return this.#paid(userId, await this.complete(fresh))
  }

  async #paid(userId: number, p: PurchaseRow): Promise<CheckoutPayData> {
    return { status: 'paid', purchase: toPurchase(p), balance: await creditBalance(this.d.db, userId) }
  }

  async #recordFailure(
    checkout: CheckoutRow,
    offer: CatalogueOffer,
    card: { brand: string; last4: string },
    outcome: 'declined' | 'insufficient_funds',
  ): Promise<PurchaseRow> {
    const { db, now } = this.d
    const at = now()
    return db.transaction().execute(async (tx) => {
      const id = await insertPurchase(tx, {
        user_id: checkout.user_id,
        source_key: `${checkoutKey(checkout.id)}:failed:${randomBytes(8).toString('hex')}`,
        checkout_id: checkout.id,
        subscription_id: null,
        offer_id: offer.id,
        kind: offer.kind,
        tier: offer.tier,
        amount_cents: offer.cents,
        currency: offer.currency,
        status: 'failed',
        credits: 0,
        variant: checkout.variant,
        source: 'checkout',
        provider: checkout.provider,
        payment_ref: null,
        card_brand: card.brand,
        card_last4: card.last4,
        created_at: at,
      })
      // One notice per checkout: a customer retrying a card (or a script trying many) is told once.
      const earlier = await tx
        .selectFrom('purchases')
        .select('id')
        .where('checkout_id', '=', checkout.id)
        .where('status', '=', 'failed')
        .where('id', '<>', id)
        .executeTakeFirst()
      if (!earlier)
        await insertNotifications(tx, [
          billingNotification(
            Number(checkout.user_id),
            {
              type: 'purchase_failed',
              purchaseId: id,
              offerId: offer.id,
              amountCents: offer.cents,
              currency: offer.currency,
              reason: outcome,
            },
            at,
          ),
        ])
      const row = await tx.selectFrom('purchases').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
      return row
    })
  }

  /**
   * Grants a charged checkout's credits, once: the `charged -> paid` update admits one transaction, which
   * records the purchase (and, for a subscription, the subscription in its first period) and the ledger row
   * keyed by the checkout. Any later or concurrent call gets the same purchase. `paymentRef` is the provider's
   * payment (a Stripe payment intent) that a refund will name.
   */
  async complete(
    checkout: CheckoutRow,
    provider: { paymentRef?: string | null; subscriptionRef?: string | null } = {},
  ): Promise<PurchaseRow> {
    const { db, now } = this.d
    const key = checkoutKey(checkout.id)
    const offer = this.d.offers.get(checkout.offer_id)
    const userId = Number(checkout.user_id)
    await db.transaction().execute(async (tx) => {
      // Under the user's lock like the subscription charge's check: otherwise a grant committing between that
      // check's two reads (live subscriptions, then charged checkouts) would hide this checkout from both.
      await lockUserCredits(tx, userId)
      if (!(await markCheckoutPaid(tx, checkout.id))) return
      const at = now()
      let subscriptionId: number | null = null
      if (offer.kind === 'subscription') {
        subscriptionId = await insertSubscription(tx, {
          user_id: userId,
          checkout_id: checkout.id,
          offer_id: offer.id,
          next_offer_id: null,
          variant: checkout.variant,
          provider: checkout.provider,
          provider_ref: provider.subscriptionRef ?? null,
          status: 'active',
          cancel_at_period_end: 0,
          period: 1,
          anchor_at: at,
          current_period_start: at,
          current_period_end: periodEnd(at, 1),
          card_brand: checkout.card_brand,
          card_last4: checkout.card_last4,
          card_outcome: checkout.card_outcome,
          created_at: at,
        })
      }
      const purchaseId = await insertPurchase(tx, {
        user_id: userId,
        source_key: key,
        checkout_id: checkout.id,
        subscription_id: subscriptionId,
        offer_id: offer.id,
        kind: offer.kind,
        tier: offer.tier,
        amount_cents: offer.cents,
        currency: offer.currency,
        status: 'paid',
        credits: offer.credits,
        variant: checkout.variant,
        source: 'checkout',
        provider: checkout.provider,
        payment_ref: provider.paymentRef ?? null,
        card_brand: checkout.card_brand,
        card_last4: checkout.card_last4,
        created_at: at,
      })
      await grantCreditsOnce(tx, {
        userId,
        amount: offer.credits,
        reason: offer.kind === 'subscription' ? 'subscription' : 'purchase',
        idempotencyKey: key,
        purchaseId,
        now: at,
      })
      await insertNotifications(tx, [
        billingNotification(
          userId,
          {
            type: 'purchase_paid',
            purchaseId,
            offerId: offer.id,
            credits: offer.credits,
            amountCents: offer.cents,
            currency: offer.currency,
          },
          at,
        ),
      ])
    })
    const purchase = await findPurchaseBySource(db, key)
    if (!purchase) throw new Error(`checkout ${checkout.id} is ${checkout.status} without its purchase`)
    return purchase
  }

  /**
   * Grants every checkout the provider charged but whose grant never happened (the process died in between).
   * Runs on start and on every scheduler tick; `complete` makes a second run harmless.
   */
  async reconcile(): Promise<number> {
    let done = 0
    for (const c of await listChargedCheckouts(this.d.db)) {
      // One bad row (an offer removed from the configuration) must not hold up the others or the start.
      try {
        await this.complete(c)
        done += 1
      } catch (err) {
        this.d.log.error('could not grant a charged checkout', { checkout: c.id, ...errorFields(err) })
      }
    }
    if (done > 0) this.d.log.warn('granted checkouts charged before a crash', { count: done })
    return done
  }

  /**
   * Takes back the purchase's credits that are still unspent (never more; the balance never goes negative)
   * and marks it refunded, once, atomically with the user's other credit changes.
   */
  async refund(purchase: PurchaseRow): Promise<number> {
    const { db, now } = this.d
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
        now: now(),
      })
      await markPurchaseRefunded(tx, Number(fresh.id), taken)
      return taken
    })
  }

  async purchases(userId: number, q: { page: number; pageSize: number }) {
    const [rows, total] = await Promise.all([
      listPurchases(this.d.db, userId, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize }),
      countPurchases(this.d.db, userId),
    ])
    return { items: rows.map(toPurchase), total }
  }

  async receipt(userId: number, id: number): Promise<ReceiptData> {
    const p = await findUserPurchase(this.d.db, userId, id)
    if (!p) throw notFound('Purchase')
    const user = await findUserWithCredits(this.d.db, userId)
    return {
      receiptNumber: receiptNumber(p),
      purchaseId: Number(p.id),
      date: new Date(p.created_at).toISOString(),
      offerId: p.offer_id,
      kind: p.kind as OfferKind,
      tier: p.tier as OfferTier,
      amount: p.amount_cents / 100,
      currency: p.currency,
      status: p.status as PurchaseStatus,
      credits: p.credits,
      refundedCredits: p.refunded_credits,
      customer: { name: user?.name ?? '', email: user?.email ?? '' },
      paymentMethod: p.card_last4 ? `${p.card_brand ?? 'Card'} •••• ${p.card_last4}` : null,
      provider: p.provider === 'stripe' ? 'stripe' : 'sandbox',
    }
  }

  async creditHistory(userId: number, q: { page: number; pageSize: number }) {
    const [rows, total] = await Promise.all([
      ledgerPage(this.d.db, userId, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize }),
      countLedgerRows(this.d.db, userId),
    ])
    const items: CreditEntry[] = rows.map((r) => ({
      id: Number(r.id),
      delta: Number(r.delta),
      reason: r.reason,
      purchaseId: r.purchase_id === null ? null : Number(r.purchase_id),
      balanceAfter: Number(r.balance_after),
      createdAt: new Date(Number(r.created_at)).toISOString(),
    }))
    return { items, total }
  }
}
