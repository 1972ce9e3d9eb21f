import type { Offer, OfferDetail, OfferKind, OfferTier } from '@templet/api/contract'
import type { BillingConfig } from '../../config'
import { notFound } from '../../errors'

/** The price tiers (docs/product.md#packs-and-plans), in the spelling of a checkout URL, with their prices in cents. */
export const TIERS: readonly { tier: OfferTier; cents: number }[] = [
  { tier: '49-9', cents: 4990 },
  { tier: '84-9', cents: 8490 },
  { tier: '139-9', cents: 13990 },
]
const KINDS: readonly OfferKind[] = ['payment', 'subscription']

/**
 * The tier an offer id names (`main/subscription-49-9` → `49-9`), read from the id itself: a subscription
 * outlives its offer when the configuration renames a group, and must still say what it is.
 */
export function tierOfOfferId(id: string): OfferTier | undefined {
  return TIERS.find(({ tier }) => id.endsWith(`-${tier}`))?.tier
}

export interface CatalogueOffer extends Offer {
  cents: number
}

/** Every offer, built once from the configuration: group × kind × tier. */
export class Offers {
  readonly all: readonly CatalogueOffer[]
  readonly #byId: Map<string, CatalogueOffer>

  constructor(config: Pick<BillingConfig, 'groups' | 'currency'>) {
    this.all = config.groups.flatMap((g) =>
      KINDS.flatMap((kind) =>
        TIERS.map(({ tier, cents }, i) => ({
          id: `${g.id}/${kind}-${tier}`,
          group: g.id,
          kind,
          tier,
          price: cents / 100,
          cents,
          currency: config.currency,
          credits: (kind === 'subscription' ? g.planCredits : g.credits)[i] as number,
        })),
      ),
    )
    this.#byId = new Map(this.all.map((o) => [o.id, o]))
  }

  find(id: string): CatalogueOffer | undefined {
    return this.#byId.get(id)
  }

  /** The offer, or a 404 "Offer not found". */
  get(id: string): CatalogueOffer {
    const o = this.find(id)
    if (!o) throw notFound('Offer')
    return o
  }

  list(): Offer[] {
    return this.all.map(({ cents: _, ...o }) => o)
  }

  /** What a checkout page shows: no group (an internal word). */
  detail(id: string): OfferDetail {
    const o = this.get(id)
    return {
      id: o.id,
      kind: o.kind,
      tier: o.tier,
      price: o.price,
      currency: o.currency,
      credits: o.credits,
      interval: o.kind === 'subscription' ? 'month' : null,
    }
  }
}
