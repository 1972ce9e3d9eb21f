import { randomBytes } from 'node:crypto'
import {
  type CheckoutCreateData,
  type CheckoutDetailData,
  type CheckoutPayData,
  type CheckoutVariant,
  Code,
} from '@templet/api/contract'
import type { Kysely } from 'kysely'
import type { CheckoutRow, Database, PurchaseRow, UserRow } from '../../db/schema'
import { AppError, notFound } from '../../errors'
import { errorFields, type Logger } from '../../log'
import { findUserById, findUserWithCredits } from '../accounts/users.queries'
import { recordTeamBilling } from '../teams/teams.queries'
import { paymentDetail } from '../teams/workspace-activity'
import {
  deleteUnopenedCheckout,
  findChargedCheckouts,
  findCheckout,
  insertCheckout,
  listChargedCheckouts,
  markCheckoutCharged,
  markCheckoutPaid,
  setCheckoutProviderRef,
} from './checkouts.queries'
import { creditBalance, lockUserCredits } from './ledger'
import type { Offers } from './offers'
import type { PaymentProvider } from './payment-provider'
import { recordPurchase, toPurchase } from './purchases'
import { findPurchaseBySource } from './purchases.queries'
import { assertNotExpired, cardBrandName, cardOutcome } from './sandbox-card'
import { periodEnd } from './subscriptions'
import { findLiveSubscription, insertSubscription } from './subscriptions.queries'

export interface CheckoutDeps {
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

/**
 * A checkout's life: opened, paid (by the sandbox card form, or by the provider's page and its webhook), granted
 * once, and granted after a crash. What was bought reads in billing-history.ts; renewals in subscriptions.ts.
 */
export class Checkouts {
  constructor(readonly d: CheckoutDeps) {}

  /** Opens a checkout for `userId` (a person, or a team's workspace with `actorId` the admin buying for it). */
  async create(
    userId: number,
    body: { offerId: string; variant: CheckoutVariant },
    actorId?: number,
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
      openedBy: actorId ?? userId,
      offerId: offer.id,
      variant: body.variant,
      provider: provider.name,
      now: now(),
    })
    const opened = await provider
      .openCheckout({
        checkoutId,
        offer,
        variant: body.variant,
        userId,
        customerEmail: await this.#customerEmail(user, actorId),
        returnUrl: `${this.d.publicUrl}/${body.variant}/${offer.id}`,
      })
      .catch(async (err: unknown) => {
        await deleteUnopenedCheckout(db, checkoutId)
        throw err
      })
    if (opened.providerRef) await setCheckoutProviderRef(db, checkoutId, opened.providerRef)
    return {
      checkoutId,
      provider: provider.name,
      ...(opened.redirectUrl ? { redirectUrl: opened.redirectUrl } : {}),
    }
  }

  /** The address the payment provider writes to: the buyer's, or for a team the admin's who buys for it. */
  async #customerEmail(user: UserRow, actorId: number | undefined): Promise<string> {
    if (user.kind !== 'team' || actorId === undefined) return user.email
    const actor = await findUserById(this.d.db, actorId)
    if (!actor) throw new AppError(Code.unauthorized, 'This account no longer exists')
    return actor.email
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

  async detail(userId: number, id: string): Promise<CheckoutDetailData> {
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
   * A checkout already paid answers its purchase again; `beforeCardTried` (the payment limit) runs, and may
   * refuse, only when a card is about to be tried.
   */
  async pay(
    userId: number,
    body: { checkoutId: string; cardNumber: string; expiry: string; cvc: string },
    beforeCardTried?: () => Promise<void>,
  ): Promise<CheckoutPayData> {
    const { db, now } = this.d
    const checkout = await this.#ownCheckout(userId, body.checkoutId)
    // With a real provider configured, no card form may pay anything, not even a checkout left from sandbox days.
    if (checkout.provider !== 'sandbox' || this.d.provider.name !== 'sandbox')
      throw new AppError(Code.conflict, 'This checkout is paid on the payment provider’s page')
    if (checkout.status !== 'open') return this.#paid(userId, await this.complete(checkout))
    await beforeCardTried?.()
    assertNotExpired(body.expiry, now())
    const offer = this.d.offers.get(checkout.offer_id)
    const card = { brand: cardBrandName(body.cardNumber), last4: body.cardNumber.slice(-4) }
    const outcome = cardOutcome(body.cardNumber)
    if (outcome !== 'paid') {
      const failed = await this.#recordFailure(checkout, card, outcome)
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

  /** A refused card: a failed purchase and its notification; the checkout stays open for another card. */
  async #recordFailure(
    checkout: CheckoutRow,
    card: { brand: string; last4: string },
    outcome: 'declined' | 'insufficient_funds',
  ): Promise<PurchaseRow> {
    const { db, now } = this.d
    const key = `${checkoutKey(checkout.id)}:failed:${randomBytes(8).toString('hex')}`
    await db.transaction().execute(async (tx) => {
      // One notice per checkout: a customer retrying a card (or a script trying many) is told once.
      const told = await tx
        .selectFrom('purchases')
        .select('id')
        .where('checkout_id', '=', checkout.id)
        .where('status', '=', 'failed')
        .executeTakeFirst()
      await recordPurchase(tx, {
        ...this.#purchaseOf(checkout),
        key,
        outcome,
        subscriptionId: null,
        card,
        now: now(),
        notify: told === undefined,
      })
    })
    return this.#purchase(key)
  }

  /** What every purchase of this checkout records, paid or not. */
  #purchaseOf(checkout: CheckoutRow) {
    return {
      userId: Number(checkout.user_id),
      offer: this.d.offers.get(checkout.offer_id),
      source: 'checkout',
      checkoutId: checkout.id,
      variant: checkout.variant,
      provider: checkout.provider,
    } as const
  }

  async #purchase(key: string): Promise<PurchaseRow> {
    const purchase = await findPurchaseBySource(this.d.db, key)
    if (!purchase) throw new Error(`no purchase was recorded under ${key}`)
    return purchase
  }

  /**
   * Grants a charged checkout's credits, once: the `charged -> paid` update admits one transaction, which
   * records the purchase (and, for a subscription, the subscription in its first period), the ledger row keyed by
   * the checkout and, in a team's workspace, the payment in the team's activity. Whoever completes it (the card
   * form's answer, the provider's webhook delivered any number of times, the reconciliation after a crash), any
   * later or concurrent call gets the same purchase. `paymentRef` is the provider's payment (a Stripe payment
   * intent) that a refund will name.
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
      const subscriptionId =
        offer.kind === 'subscription'
          ? await insertSubscription(tx, {
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
          : null
      const purchaseId = await recordPurchase(tx, {
        ...this.#purchaseOf(checkout),
        key,
        outcome: 'paid',
        subscriptionId,
        paymentRef: provider.paymentRef ?? null,
        card: { brand: checkout.card_brand, last4: checkout.card_last4 },
        now: at,
      })
      // In a team's workspace, its activity says who paid, in this transaction: once, whichever way it completed.
      if (purchaseId !== undefined)
        await recordTeamBilling(tx, {
          workspaceId: userId,
          actorId: checkout.opened_by === null ? null : Number(checkout.opened_by),
          action: 'billing.paid',
          detail: paymentDetail(offer.id, purchaseId),
          now: at,
        })
    })
    return this.#purchase(key)
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
}
