import type { CheckoutVariant, PaymentProvider as ProviderName } from '@templet/api/contract'
import { Code } from '@templet/api/contract'
import Stripe from 'stripe'
import { AppError } from '../../errors'
import type { CatalogueOffer } from './offers'

export interface OpenCheckoutInput {
  checkoutId: string
  offer: CatalogueOffer
  variant: CheckoutVariant
  userId: number
  customerEmail: string
  /** Where the provider sends the customer back (the checkout page), without query. */
  returnUrl: string
}

/**
 * Where the money is taken. The sandbox charges a card on our own page (sandbox-card.ts); Stripe
 * hands the customer to its hosted Checkout and reports back through signed webhooks.
 */
export interface PaymentProvider {
  readonly name: ProviderName
  /** Opens the provider's side of a checkout: the page to send the customer to, and the provider's id for it. */
  openCheckout(input: OpenCheckoutInput): Promise<{ redirectUrl?: string; providerRef?: string }>
  /** Cancel at the period end (`true`) or undo that (`false`) on the provider's side. */
  setCancelAtPeriodEnd(subscriptionRef: string | null, cancel: boolean): Promise<void>
  /** The next period is billed at the offer's price (no proration). */
  switchOffer(subscriptionRef: string | null, offer: CatalogueOffer): Promise<void>
}

export const sandboxProvider: PaymentProvider = {
  name: 'sandbox',
  openCheckout: async () => ({}),
  setCancelAtPeriodEnd: async () => {},
  switchOffer: async () => {},
}

/** Options of the Stripe client: tests point it at a fake server on loopback; nothing here reaches the network. */
export type StripeClientOptions = Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'>

export function stripeClient(secretKey: string, options: StripeClientOptions = {}): Stripe {
  return new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000, telemetry: false, ...options })
}

/** The provider failed or did not answer: nothing was changed here, and the customer may try again. */
export class ProviderError extends AppError {
  override name = 'ProviderError'
  constructor(cause: unknown) {
    super(Code.internal, 'The payment provider could not be reached; nothing was changed, please try again')
    this.cause = cause
  }
}

async function viaProvider<T>(call: () => Promise<T>, onError: (err: unknown) => void): Promise<T> {
  try {
    return await call()
  } catch (err) {
    onError(err)
    throw new ProviderError(err)
  }
}

/** Stripe Checkout Sessions; credits come only from the signed webhook (stripe-webhook.ts). */
export function stripeProvider(stripe: Stripe, onError: (err: unknown) => void = () => {}): PaymentProvider {
  const wrapped = stripeCalls(stripe)
  return {
    name: 'stripe',
    openCheckout: (i) => viaProvider(() => wrapped.openCheckout(i), onError),
    setCancelAtPeriodEnd: (ref, cancel) =>
      viaProvider(() => wrapped.setCancelAtPeriodEnd(ref, cancel), onError),
    switchOffer: (ref, offer) => viaProvider(() => wrapped.switchOffer(ref, offer), onError),
  }
}

function stripeCalls(stripe: Stripe): PaymentProvider {
  const priceData = (offer: CatalogueOffer) => ({
    currency: offer.currency.toLowerCase(),
    unit_amount: offer.cents,
    product_data: { name: `${offer.credits} credits${offer.kind === 'subscription' ? ' every month' : ''}` },
    ...(offer.kind === 'subscription' ? { recurring: { interval: 'month' as const } } : {}),
  })
  return {
    name: 'stripe',
    async openCheckout(i) {
      const metadata = { checkoutId: i.checkoutId, offerId: i.offer.id, userId: String(i.userId) }
      const session = await stripe.checkout.sessions.create(
        {
          mode: i.offer.kind === 'subscription' ? 'subscription' : 'payment',
          line_items: [{ price_data: priceData(i.offer), quantity: 1 }],
          client_reference_id: i.checkoutId,
          customer_email: i.customerEmail,
          metadata,
          ...(i.offer.kind === 'subscription'
            ? { subscription_data: { metadata } }
            : { payment_intent_data: { metadata } }),
          success_url: `${i.returnUrl}?checkoutId=${i.checkoutId}&result=success`,
          cancel_url: `${i.returnUrl}?checkoutId=${i.checkoutId}&result=cancel`,
        },
        { idempotencyKey: `checkout-${i.checkoutId}` },
      )
      return { redirectUrl: session.url ?? undefined, providerRef: session.id }
    },
    async setCancelAtPeriodEnd(ref, cancel) {
      if (ref) await stripe.subscriptions.update(ref, { cancel_at_period_end: cancel })
    },
    async switchOffer(ref, offer) {
      if (!ref) return
      const current = await stripe.subscriptions.retrieve(ref)
      const item = current.items.data[0]
      if (!item) return
      const price = await stripe.prices.create({
        ...priceData(offer),
        recurring: { interval: 'month' },
        product_data: undefined,
        product: typeof item.price.product === 'string' ? item.price.product : item.price.product.id,
      })
      await stripe.subscriptions.update(ref, {
        items: [{ id: item.id, price: price.id }],
        proration_behavior: 'none',
        metadata: { offerId: offer.id },
      })
    },
  }
}
