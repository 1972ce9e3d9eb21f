import { Code, type Subscription, type User } from '@templet/api/contract'
import type { Kysely } from 'kysely'
import type { Database, SubscriptionRow } from '../../db/schema'
import { AppError, invalidInput, notFound } from '../../errors'
import { errorFields, type Logger } from '../../log'
import { notifySubscriptionState } from '../notifications/notifications'
import { recordTeamBilling } from '../teams/teams.queries'
import { paymentDetail } from '../teams/workspace-activity'
import { type Offers, tierOfOfferId } from './offers'
import type { PaymentProvider } from './payment-provider'
import { recordPurchase } from './purchases'
import {
  findLiveSubscription,
  listDueSubscriptions,
  updateSubscription,
  updateSubscriptionAt,
} from './subscriptions.queries'

export interface SubscriptionDeps {
  db: Kysely<Database>
  offers: Offers
  provider: PaymentProvider
  now: () => number
  log: Logger
}

/** The ledger and purchase key of a subscription's period: each period is granted once. */
export const periodKey = (subscriptionId: number, period: number) => `sub:${subscriptionId}:period:${period}`

const iso = (ms: number) => new Date(ms).toISOString()

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

/** Cancel, resume, switch, and the renewals of sandbox subscriptions (Stripe renews through its webhook). */
export class Subscriptions {
  constructor(readonly d: SubscriptionDeps) {}

  toSubscription(r: SubscriptionRow): Subscription {
    const offer = this.d.offers.get(r.offer_id)
    return {
      id: Number(r.id),
      offerId: r.offer_id,
      tier: offer.tier,
      credits: offer.credits,
      price: offer.price,
      currency: offer.currency,
      status: r.status as Subscription['status'],
      provider: r.provider === 'stripe' ? 'stripe' : 'sandbox',
      currentPeriodStart: iso(r.current_period_start),
      currentPeriodEnd: iso(r.current_period_end),
      cancelAtPeriodEnd: r.cancel_at_period_end === 1,
      nextOfferId: r.next_offer_id,
    }
  }

  async current(userId: number): Promise<Subscription | null> {
    const r = await findLiveSubscription(this.d.db, userId)
    return r ? this.toSubscription(r) : null
  }

  /** What `my-info` says of the subscription. */
  async summary(userId: number): Promise<User['subscription']> {
    const r = await findLiveSubscription(this.d.db, userId)
    if (!r) return null
    const tier = tierOfOfferId(r.offer_id)
    if (!tier) throw new Error(`subscription ${r.id} names an offer without a tier: ${r.offer_id}`)
    return {
      tier,
      status: r.status === 'past_due' ? 'past_due' : r.cancel_at_period_end === 1 ? 'canceling' : 'active',
      currentPeriodEnd: iso(r.current_period_end),
      offerId: r.offer_id,
    }
  }

  async #live(userId: number): Promise<SubscriptionRow> {
    const r = await findLiveSubscription(this.d.db, userId)
    if (!r) throw notFound('Subscription')
    return r
  }

  /**
   * Cancels at the period end (idempotent). The change, its notification and, in a team's workspace, the entry
   * naming `actorId` in the team's activity are one transaction; the notification takes the place of the
   * subscription's earlier state (a resume), so changing one's mind back and forth leaves one notification that
   * says how things stand.
   */
  async cancel(userId: number, actorId: number): Promise<Subscription> {
    return this.#setCancel(userId, actorId, true)
  }

  /** Undoes a cancellation before the period ends (idempotent); "resumed" replaces the "cancelled" notification. */
  async resume(userId: number, actorId: number): Promise<Subscription> {
    return this.#setCancel(userId, actorId, false)
  }

  async #setCancel(userId: number, actorId: number, cancel: boolean): Promise<Subscription> {
    const { db, now } = this.d
    const r = await this.#live(userId)
    const flag = cancel ? 1 : 0
    if (r.cancel_at_period_end === flag) return this.toSubscription(r)
    if (!cancel && r.current_period_end <= now())
      throw new AppError(Code.conflict, 'This subscription has ended; subscribe again on Pricing Plans')
    await this.d.provider.setCancelAtPeriodEnd(r.provider_ref, cancel)
    await db.transaction().execute(async (trx) => {
      const changed = await trx
        .updateTable('subscriptions')
        .set({ cancel_at_period_end: flag })
        .where('id', '=', r.id)
        .where('cancel_at_period_end', '=', 1 - flag)
        .executeTakeFirst()
      // Of concurrent requests (and the provider's webhook telling the same change), the one that changed the row
      // tells, and writes it into a team's activity.
      if (Number(changed.numUpdatedRows) !== 1) return
      const at = now()
      await notifySubscriptionState(
        trx,
        userId,
        Number(r.id),
        {
          type: cancel ? 'subscription_cancelled' : 'subscription_resumed',
          params: { offerId: r.offer_id, periodEnd: iso(r.current_period_end) },
        },
        at,
      )
      await recordTeamBilling(trx, {
        workspaceId: userId,
        actorId,
        action: cancel ? 'subscription.canceled' : 'subscription.resumed',
        detail: null,
        now: at,
      })
    })
    return this.toSubscription({ ...r, cancel_at_period_end: flag })
  }

  /** From the next period on, bill and grant `offerId` (a subscription offer); no proration. */
  async switchTo(userId: number, offerId: string): Promise<Subscription> {
    const offer = this.d.offers.get(offerId)
    if (offer.kind !== 'subscription')
      throw invalidInput(['offerId'], 'Choose a monthly subscription offer', { code: 'invalid_value' })
    const r = await this.#live(userId)
    const next = offer.id === r.offer_id ? null : offer.id
    await this.d.provider.switchOffer(r.provider_ref, offer)
    await updateSubscription(this.d.db, Number(r.id), { next_offer_id: next })
    return this.toSubscription({ ...r, next_offer_id: next })
  }

  /**
   * Renews every sandbox subscription whose period has ended, as many periods as are due. Each step is one
   * transaction that first moves the subscription from period n to n+1 (or ends it) with a conditional update: of
   * several schedulers (processes, restarts) exactly one wins each step, and the grant's unique ledger key backs
   * it; the winner writes the step into a team's activity. Returns the number of renewals (and endings) this call
   * performed.
   */
  async runDueRenewals(): Promise<number> {
    let done = 0
    for (;;) {
      const due = await listDueSubscriptions(this.d.db, this.d.now())
      if (due.length === 0) return done
      let progressed = 0
      for (const s of due) {
        try {
          if (await this.#renewOnce(s)) progressed += 1
        } catch (err) {
          // e.g. its offer was removed from the configuration: the others still renew.
          this.d.log.error('could not renew a subscription', {
            subscription: Number(s.id),
            ...errorFields(err),
          })
        }
      }
      done += progressed
      // Another scheduler took every one of them: it goes on with what is still due.
      if (progressed === 0) return done
    }
  }

  async #renewOnce(s: SubscriptionRow): Promise<boolean> {
    const { db, now } = this.d
    const id = Number(s.id)
    const userId = Number(s.user_id)
    if (s.cancel_at_period_end === 1) {
      return db.transaction().execute(async (tx) => {
        const ended = await updateSubscriptionAt(
          tx,
          id,
          { period: s.period, status: 'active' },
          { status: 'canceled' },
        )
        if (ended)
          await recordTeamBilling(tx, {
            workspaceId: userId,
            actorId: null,
            action: 'subscription.ended',
            detail: s.offer_id,
            now: now(),
          })
        return ended
      })
    }
    const offer = this.d.offers.get(s.next_offer_id ?? s.offer_id)
    const next = s.period + 1
    const paid = (s.card_outcome ?? 'paid') === 'paid'
    const start = s.current_period_end
    const end = periodEnd(s.anchor_at, next)
    return db.transaction().execute(async (tx) => {
      const won = await updateSubscriptionAt(
        tx,
        id,
        { period: s.period, status: 'active' },
        paid
          ? {
              period: next,
              offer_id: offer.id,
              next_offer_id: null,
              current_period_start: start,
              current_period_end: end,
            }
          : { status: 'past_due' },
      )
      if (!won) return false
      const key = periodKey(id, next)
      const at = now()
      const purchaseId = await recordPurchase(tx, {
        userId,
        key: paid ? key : `${key}:failed`,
        offer,
        source: 'renewal',
        outcome: paid ? 'paid' : 'renewal_failed',
        periodEnd: end,
        subscriptionId: id,
        variant: s.variant,
        provider: s.provider,
        card: { brand: s.card_brand, last4: s.card_last4 },
        now: at,
      })
      if (purchaseId !== undefined)
        await recordTeamBilling(tx, {
          workspaceId: userId,
          actorId: null,
          action: paid ? 'subscription.renewed' : 'subscription.payment_failed',
          detail: paymentDetail(offer.id, purchaseId),
          now: at,
        })
      return true
    })
  }
}
