import { Hono } from 'hono'
import { errorFields } from '../../log'
import type { AppEnv } from '../../routes/api'
import type { Renderer } from '../../services/renderer'
import type { Accounts } from '../accounts/accounts'
import type { SharedDeps } from '../shared-deps'
import { billingHandlers } from './billing.routes'
import { BillingDetailsStore } from './billing-details'
import { BillingHistory } from './billing-history'
import { Checkouts } from './checkouts'
import { Offers } from './offers'
import {
  type PaymentProvider,
  type StripeClientOptions,
  sandboxProvider,
  stripeClient,
  stripeProvider,
} from './payment-provider'
import { StripeWebhook } from './stripe-webhook'
import { Subscriptions } from './subscriptions'

/**
 * The billing feature: offers, checkouts paid in the sandbox or with Stripe, subscriptions, the credit history and
 * receipts; their `/api` handlers and Stripe's webhook. The handlers are made by `handlers(accounts)` once the
 * accounts exist: those are built after billing, as a deleted account's subscription is cancelled.
 */
export function billingFeature(
  s: SharedDeps,
  o: {
    /** Where the Stripe client sends its requests (tests: a fake server on loopback). */
    stripeClientOptions?: StripeClientOptions | undefined
    /** Test-only fault injection (`crash-after-charge`); see checkouts.ts. */
    fault?: string | undefined
    /** Draws a receipt's PDF (in a render thread, when the process has them). */
    renderReceipt: Renderer['renderReceipt']
  },
) {
  const { config, now, log } = s
  const db = s.db.kysely
  const offers = new Offers(config.billing)
  const stripe = config.billing.stripe
    ? stripeClient(config.billing.stripe.secretKey, o.stripeClientOptions)
    : undefined
  const provider: PaymentProvider = stripe
    ? stripeProvider(stripe, (err) => log.error('stripe request failed', errorFields(err)))
    : sandboxProvider
  const checkouts = new Checkouts({
    db,
    offers,
    provider,
    now,
    log,
    publicUrl: config.billing.publicUrl,
    fault: o.fault,
  })
  const subscriptions = new Subscriptions({ db, offers, provider, now, log })
  const stripeWebhook =
    stripe && config.billing.stripe
      ? new StripeWebhook({
          stripe,
          webhookSecret: config.billing.stripe.webhookSecret,
          db,
          checkouts,
          offers,
          now,
          log,
        })
      : undefined

  // Stripe's signed event: the raw body (the signature covers its exact bytes) and Stripe's own answer format,
  // so it sits outside the envelope's registry loop.
  const webhook = new Hono<AppEnv>()
  webhook.post('/', async (c) => {
    c.header('Cache-Control', 'no-store')
    if (!stripeWebhook) return c.json({ error: 'Stripe is not configured on this server' }, 404)
    const reply = await stripeWebhook.handle(c.req.raw.body, {
      signature: c.req.header('stripe-signature'),
      contentLength: c.req.header('content-length'),
    })
    return c.json(reply.body, reply.status)
  })

  const handlers = (accounts: Accounts) =>
    billingHandlers(
      offers,
      checkouts,
      new BillingHistory(db, config.billing.seller),
      new BillingDetailsStore({ db, now }),
      subscriptions,
      accounts,
      { limiter: s.limiter, rateLimits: config.rateLimits },
      config.billing.seller,
      o.renderReceipt,
    )
  return { offers, checkouts, subscriptions, webhook, handlers }
}
