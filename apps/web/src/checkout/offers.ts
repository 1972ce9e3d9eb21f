import { formatMoney } from '../i18n/format'
/**
 * The checkout offers (PRODUCT.md §7): group × kind × tier. Group ids are configuration
 * (`VITE_OFFER_GROUP_MAIN`, `VITE_OFFER_GROUP_PROMO`); prices and credits are the product's defaults.
 */
export const KINDS = ['payment', 'subscription'] as const
export type OfferKind = (typeof KINDS)[number]

export const TIERS = ['49-9', '84-9', '139-9'] as const
export type TierSlug = (typeof TIERS)[number]

export const VARIANTS = ['checkout', 'checkout1'] as const
export type CheckoutVariant = (typeof VARIANTS)[number]

export const CURRENCY = 'USD'

interface Tier {
  slug: TierSlug
  price: number
  credits: number
}

interface OfferGroup {
  id: string
  tiers: Record<TierSlug, Tier>
}

const defaultTiers: Record<TierSlug, Tier> = {
  '49-9': { slug: '49-9', price: 49.9, credits: 100 },
  '84-9': { slug: '84-9', price: 84.9, credits: 220 },
  '139-9': { slug: '139-9', price: 139.9, credits: 400 },
}

export const offerGroups: readonly OfferGroup[] = [
  { id: import.meta.env.VITE_OFFER_GROUP_MAIN ?? 'main', tiers: defaultTiers },
  { id: import.meta.env.VITE_OFFER_GROUP_PROMO ?? 'promo', tiers: defaultTiers },
]

/** The group the in-app pricing links to. */
export const mainGroupId = offerGroups[0]?.id ?? 'main'

export interface Offer {
  group: string
  kind: OfferKind
  tier: TierSlug
  price: number
  credits: number
  currency: string
}

function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value)
}

/** The offer a checkout URL names (`/checkout/{group}/{kind}-{tier}`), or null when there is none. */
export function findOffer(group: string | undefined, ending: string | undefined): Offer | null {
  const found = offerGroups.find((g) => g.id === group)
  const match = /^(payment|subscription)-(49-9|84-9|139-9)$/.exec(ending ?? '')
  if (!found || !match) return null
  const [, kind = '', tier = ''] = match
  if (!isOneOf(KINDS, kind) || !isOneOf(TIERS, tier)) return null
  const { price, credits } = found.tiers[tier]
  return { group: found.id, kind, tier, price, credits, currency: CURRENCY }
}

/** The path of an offer's checkout page. */
export function checkoutPath(
  kind: OfferKind,
  tier: TierSlug,
  group = mainGroupId,
  variant: CheckoutVariant = 'checkout',
) {
  return `/${variant}/${group}/${kind}-${tier}`
}

/** All offers of a group in display order, for the pricing screens. */
export function offersOf(group = mainGroupId): Offer[] {
  return KINDS.flatMap((kind) => TIERS.map((tier) => findOffer(group, `${kind}-${tier}`))).filter(
    (offer): offer is Offer => offer !== null,
  )
}

/** A price in the visitor's language: `$49.90`, `US$49.90`. */
export function formatPrice(amount: number, language: string, currency = CURRENCY): string {
  return formatMoney(amount, currency, language)
}
