import type { CheckoutVariant, Offer, OfferKind } from '@templet/api'
import { safeRedirect } from '@templet/api/paths'
import type { TFunction } from 'i18next'
import { formatMoney, formatNumber } from '../i18n/format'

/**
 * What the screens do with the server's offers (`/offer/list`, `/offer/detail`): the web app holds no prices
 * or credits of its own. An offer's id is `{group}/{kind}-{tier}`, the spelling of its checkout URL.
 */
export const KINDS: readonly OfferKind[] = ['payment', 'subscription']

/** The path of an offer's checkout page, with where to come back to after paying. */
export function checkoutPath(
  offerId: string,
  variant: CheckoutVariant = 'checkout',
  returnTo?: string | null,
) {
  const path = `/${variant}/${offerId}`
  return returnTo ? `${path}?returnTo=${encodeURIComponent(returnTo)}` : path
}

/**
 * The offers of the main group, the one the app sells from (the server lists it first); a promotion's
 * group is reached only by its own checkout links.
 */
export function mainOffers(offers: readonly Offer[]): Offer[] {
  const group = offers[0]?.group
  return offers.filter((offer) => offer.group === group)
}

/** What one credit of an offer costs. */
export const pricePerCredit = (offer: Pick<Offer, 'price' | 'credits'>) => offer.price / offer.credits

/**
 * How many percent more credits a monthly plan gives than the pack at the same price, at the least over the
 * tiers of `offers` (one group): the claim the pages make is this figure, so it is true of every tier. Undefined
 * when some plan gives no more than its pack (the pages then claim nothing).
 */
export function planCreditBonus(offers: readonly Offer[]): number | undefined {
  const plans = offers.filter((o) => o.kind === 'subscription')
  const bonuses = plans.map((plan) => {
    const pack = offers.find((o) => o.kind === 'payment' && o.tier === plan.tier)
    return pack && pack.price === plan.price ? Math.floor((plan.credits / pack.credits - 1) * 100) : 0
  })
  const least = Math.min(...bonuses)
  return plans.length > 0 && least > 0 ? least : undefined
}

/** A price in the visitor's language: `$49.90`, `US$49.90`. */
export function formatPrice(amount: number, language: string, currency: string): string {
  return formatMoney(amount, currency, language)
}

/** A `returnTo` that is a path on this origin (the editor sends one), else null. */
export function returnPath(raw: string | null): string | null {
  if (!raw) return null
  const safe = safeRedirect(raw)
  return safe === raw ? safe : null
}

/**
 * An offer in the customer's words, `100-credit pack` or `Monthly plan, 220 credits a month`, from the
 * offer list (a purchase names its offer by id; a failed one granted no credits to read them from).
 */
export function offerLabel(
  t: TFunction,
  language: string,
  offers: readonly Offer[] | undefined,
  bought: { offerId: string; kind: OfferKind },
): string {
  const offer = offers?.find((o) => o.id === bought.offerId)
  if (!offer) return t(bought.kind === 'payment' ? 'offers.paymentUnknown' : 'offers.subscriptionUnknown')
  return t(`offers.${bought.kind}`, { credits: formatNumber(offer.credits, language) })
}
