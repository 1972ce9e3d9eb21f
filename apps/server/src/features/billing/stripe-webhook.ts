import type { Kysely } from 'kysely'
import type Stripe from 'stripe'
import type { Database, SubscriptionRow } from '../../db/schema'
import type { Logger } from '../../log'
import { notifySubscriptionState } from '../notifications/notifications'
import { recordTeamBilling, type TeamBillingAction } from '../teams/teams.queries'
import { paymentDetail } from '../teams/workspace-activity'
import { type Checkouts, checkoutKey } from './checkouts'
import { findCheckout, markCheckoutCharged } from './checkouts.queries'
import type { Offers } from './offers'
import { recordPurchase, refundPurchase } from './purchases'
import { findPurchaseByPaymentRef, setPurchasePaymentRef } from './purchases.queries'
import { readSignedStripeBody, STRIPE_EVENT_MAX_BYTES, StripeSignatureError } from './stripe-signature'
import { findSubscriptionByRef, setSubscriptionRef, updateSubscription } from './subscriptions.queries'

export interface StripeWebhookDeps {
  stripe: Stripe
  webhookSecret: string
  db: Kysely<Database>
  checkouts: Checkouts
  offers: Offers
  now: () => number
  log: Logger
}

/** Stripe's answer format (not the envelope): the status Stripe reads, and a small JSON body. */
export interface WebhookReply {
  status: 200 | 400 | 413 | 500
  body: { received: true } | { error: string }
}

const REFUSALS = {
  malformed: 'Invalid Stripe-Signature',
  mismatch: 'Invalid Stripe-Signature',
  too_old: 'Stripe-Signature timestamp is too old',
  in_the_future: 'Stripe-Signature timestamp is in the future',
  too_large: `Stripe events are at most ${STRIPE_EVENT_MAX_BYTES / 1024} kB`,
} as const

const idOf = (v: string | { id: string } | null | undefined): string | null =>
  v == null ? null : typeof v === 'string' ? v : v.id

/** Fields Stripe moved between API versions; read both places. */
type LooseInvoice = Stripe.Invoice & {
  subscription?: string | { id: string } | null
  payment_intent?: string | { id: string } | null
}
type LooseCharge = Stripe.Charge & { invoice?: string | { id: string } | null }
type LooseSubscription = Stripe.Subscription & { current_period_end?: number }

function invoiceSubscription(inv: LooseInvoice): string | null {
  return idOf(inv.parent?.subscription_details?.subscription) ?? idOf(inv.subscription)
}

/**
 * Verifies and applies a Stripe event. Every grant is keyed in the ledger (the checkout, or the invoice), so
 * the same event delivered again, or concurrently, grants nothing more. An error answers 500 so Stripe retries.
 */
export class StripeWebhook {
  constructor(readonly d: StripeWebhookDeps) {}

  /** Verifies the body as it streams in (stripe-signature.ts), then applies the event. */
  async handle(
    body: ReadableStream<Uint8Array> | null,
    headers: { signature: string | undefined; contentLength: string | undefined },
  ): Promise<WebhookReply> {
    let event: Stripe.Event
    try {
      const text = await readSignedStripeBody(body, {
        header: headers.signature,
        declaredLength: headers.contentLength,
        secret: this.d.webhookSecret,
        nowMs: this.d.now(),
      })
      event = JSON.parse(text) as Stripe.Event
    } catch (err) {
      if (err instanceof StripeSignatureError)
        return { status: err.reason === 'too_large' ? 413 : 400, body: { error: REFUSALS[err.reason] } }
      // Signed by the secret but not JSON: Stripe never sends that.
      return { status: 400, body: { error: 'The event is not JSON' } }
    }
    try {
      await this.apply(event)
      return { status: 200, body: { received: true } }
    } catch (err) {
      this.d.log.error('stripe event failed', {
        event: event.id,
        type: event.type,
        error: err instanceof Error ? err.message : String(err),
      })
      return { status: 500, body: { error: 'Could not process the event; Stripe will retry' } }
    }
  }

  async apply(event: Stripe.Event): Promise<void> {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        return this.#sessionPaid(event.data.object)
      case 'invoice.paid':
        return this.#invoicePaid(event.data.object as LooseInvoice)
      case 'invoice.payment_failed':
        return this.#invoiceFailed(event.id, event.data.object as LooseInvoice)
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return this.#subscriptionChanged(
          event.data.object as LooseSubscription,
          event.type.endsWith('deleted'),
        )
      case 'charge.refunded':
        return this.#refunded(event.data.object as LooseCharge)
      default:
        return
    }
  }

  async #sessionPaid(session: Stripe.Checkout.Session): Promise<void> {
    if (session.payment_status === 'unpaid') return // an async method: wait for async_payment_succeeded
    const checkoutId = session.client_reference_id ?? session.metadata?.checkoutId
    const checkout = checkoutId ? await findCheckout(this.d.db, checkoutId) : undefined
    if (!checkout) {
      this.d.log.warn('stripe session for an unknown checkout', { session: session.id })
      return
    }
    // The session must be the one this server opened for the checkout, for the offer's price: a session that
    // names the checkout but was opened otherwise (another amount, another currency) grants nothing.
    const offer = this.d.offers.find(checkout.offer_id)
    const mismatch =
      checkout.provider_ref !== null && checkout.provider_ref !== session.id
        ? 'session'
        : offer &&
            (session.amount_total !== offer.cents ||
              session.currency?.toLowerCase() !== offer.currency.toLowerCase())
          ? 'amount'
          : undefined
    if (mismatch) {
      this.d.log.error('stripe session does not match its checkout; nothing granted', {
        session: session.id,
        checkout: checkout.id,
        mismatch,
        amount: session.amount_total,
        currency: session.currency,
      })
      return
    }
    await markCheckoutCharged(
      this.d.db,
      checkout.id,
      { brand: null, last4: null, outcome: 'paid' },
      this.d.now(),
    )
    const fresh = (await findCheckout(this.d.db, checkout.id)) ?? checkout
    const paymentRef = idOf(session.payment_intent)
    const subscriptionRef = idOf(session.subscription)
    await this.d.checkouts.complete(fresh, { paymentRef, subscriptionRef })
    // When a restart's reconciliation granted it first, it did not know Stripe's ids that later events name.
    if (paymentRef) await setPurchasePaymentRef(this.d.db, checkoutKey(checkout.id), paymentRef)
    if (subscriptionRef) await setSubscriptionRef(this.d.db, checkout.id, subscriptionRef)
  }

  async #subscriptionFor(inv: LooseInvoice): Promise<SubscriptionRow | undefined> {
    const ref = invoiceSubscription(inv)
    return ref ? findSubscriptionByRef(this.d.db, ref) : undefined
  }

  async #invoicePaid(inv: LooseInvoice): Promise<void> {
    const sub = await this.#subscriptionFor(inv)
    const paymentRef = idOf(inv.payment_intent) ?? inv.id
    if (!inv.id) return
    if (inv.billing_reason === 'subscription_create') {
      // The checkout's completion grants the first month; a refund of this invoice will name its payment.
      if (sub?.checkout_id) await setPurchasePaymentRef(this.d.db, checkoutKey(sub.checkout_id), paymentRef)
      return
    }
    if (!sub) throw new Error(`invoice ${inv.id} for an unknown subscription`)
    const { db, now, offers } = this.d
    const offer = offers.get(sub.next_offer_id ?? sub.offer_id)
    const line = inv.lines?.data?.[0]?.period
    const start = (line?.start ?? inv.period_start) * 1000
    const end = (line?.end ?? inv.period_end) * 1000
    await db.transaction().execute(async (tx) => {
      const at = now()
      const purchaseId = await recordPurchase(tx, {
        ...this.#renewalOf(sub),
        key: `stripe:invoice:${inv.id}`,
        offer,
        outcome: 'paid',
        periodEnd: end,
        paymentRef,
        charged: { amountCents: inv.amount_paid, currency: inv.currency.toUpperCase() },
        now: at,
      })
      if (purchaseId === undefined) return // this invoice was applied already
      await this.#recordInTeam(tx, sub, 'subscription.renewed', paymentDetail(offer.id, purchaseId), at)
      await tx
        .updateTable('subscriptions')
        .set((eb) => ({
          period: eb('period', '+', 1),
          offer_id: offer.id,
          next_offer_id: null,
          status: 'active',
          current_period_start: start,
          current_period_end: Math.max(end, start),
        }))
        .where('id', '=', sub.id)
        .execute()
    })
  }

  async #invoiceFailed(eventId: string, inv: LooseInvoice): Promise<void> {
    const sub = await this.#subscriptionFor(inv)
    if (!sub) return
    const { db, now, offers } = this.d
    const offer = offers.get(sub.next_offer_id ?? sub.offer_id)
    await db.transaction().execute(async (tx) => {
      const at = now()
      const id = await recordPurchase(tx, {
        ...this.#renewalOf(sub),
        key: `stripe:failed:${eventId}`,
        offer,
        outcome: 'renewal_failed',
        periodEnd: inv.period_end * 1000,
        charged: { amountCents: inv.amount_due, currency: inv.currency.toUpperCase() },
        now: at,
      })
      if (id === undefined) return // this event was applied already
      await updateSubscription(tx, Number(sub.id), { status: 'past_due' })
      await this.#recordInTeam(tx, sub, 'subscription.payment_failed', paymentDetail(offer.id, id), at)
    })
  }

  /**
   * Writes what Stripe told of a team's plan into the team's activity (nothing for a person's), in the transaction
   * whose conditional write admitted this delivery. No member did it, except a cancellation or resumption on
   * Stripe's own pages, which only the plan's Stripe customer reaches: the admin who opened its checkout.
   */
  async #recordInTeam(
    tx: Kysely<Database>,
    sub: SubscriptionRow,
    action: Exclude<TeamBillingAction, 'billing.paid'>,
    detail: string | null,
    now: number,
  ): Promise<void> {
    const byCustomer = action === 'subscription.canceled' || action === 'subscription.resumed'
    const checkout =
      byCustomer && sub.checkout_id !== null ? await findCheckout(tx, sub.checkout_id) : undefined
    await recordTeamBilling(tx, {
      workspaceId: Number(sub.user_id),
      actorId: checkout?.opened_by == null ? null : Number(checkout.opened_by),
      action,
      detail,
      now,
    })
  }

  /** What every Stripe renewal of this subscription records, paid or not. */
  #renewalOf(sub: SubscriptionRow) {
    return {
      userId: Number(sub.user_id),
      source: 'renewal',
      subscriptionId: Number(sub.id),
      variant: sub.variant,
      provider: 'stripe',
    } as const
  }

  async #subscriptionChanged(s: LooseSubscription, deleted: boolean): Promise<void> {
    const sub = await findSubscriptionByRef(this.d.db, s.id)
    if (!sub) return
    const periodEndSec = s.items?.data?.[0]?.current_period_end ?? s.current_period_end
    const status =
      deleted || s.status === 'canceled'
        ? 'canceled'
        : ['past_due', 'unpaid'].includes(s.status)
          ? 'past_due'
          : 'active'
    const flag = s.cancel_at_period_end ? 1 : 0
    const periodEnd = periodEndSec ? periodEndSec * 1000 : sub.current_period_end
    await this.d.db.transaction().execute(async (trx) => {
      // Cancelled or resumed on Stripe's side (its customer portal): the one update that flips the flag tells.
      const flipped = await trx
        .updateTable('subscriptions')
        .set({ cancel_at_period_end: flag })
        .where('id', '=', sub.id)
        .where('status', '!=', 'canceled')
        .where('cancel_at_period_end', '=', 1 - flag)
        .executeTakeFirst()
      const r = await trx
        .updateTable('subscriptions')
        .set({ status, current_period_end: periodEnd })
        .where('id', '=', sub.id)
        .where('status', '!=', 'canceled')
        .executeTakeFirst()
      const over = status === 'canceled' && Number(r.numUpdatedRows) === 1
      const ended = over && sub.cancel_at_period_end === 0
      const changedMind = status !== 'canceled' && Number(flipped.numUpdatedRows) === 1
      const at = this.d.now()
      // Told once: a change of mind, or an end the customer had not asked for here (they were told then).
      if (ended || changedMind)
        await notifySubscriptionState(
          trx,
          Number(sub.user_id),
          Number(sub.id),
          {
            type: ended || flag === 1 ? 'subscription_cancelled' : 'subscription_resumed',
            params: { offerId: sub.offer_id, periodEnd: new Date(periodEnd).toISOString() },
          },
          at,
        )
      if (changedMind)
        await this.#recordInTeam(
          trx,
          sub,
          flag === 1 ? 'subscription.canceled' : 'subscription.resumed',
          null,
          at,
        )
      if (over) await this.#recordInTeam(trx, sub, 'subscription.ended', sub.offer_id, at)
    })
  }

  async #refunded(charge: LooseCharge): Promise<void> {
    const refs = [idOf(charge.payment_intent), idOf(charge.invoice)].filter((r): r is string => r !== null)
    if (refs.length === 0) return
    const purchase = await findPurchaseByPaymentRef(this.d.db, refs)
    if (!purchase) {
      this.d.log.warn('refund for an unknown payment', { charge: charge.id })
      return
    }
    await refundPurchase(this.d.db, purchase, this.d.now())
  }
}
