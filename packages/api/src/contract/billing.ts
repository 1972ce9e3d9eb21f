import { z } from 'zod'
import { luhnValid } from '../card'
import { resetTokenField } from './envelope'
import { page, pageSizeOr } from './media-fields'

/** A balance below this many credits is low: the dashboard hints at it, a spend that leaves less raises a notification. */
export const LOW_CREDITS_BELOW = 3

/** A price tier as spelled in a checkout URL (`/checkout/main/payment-49-9`). */
export const offerTier = z.enum(['49-9', '84-9', '139-9'])
export type OfferTier = z.infer<typeof offerTier>
/** `payment`: a one-off credit pack; `subscription`: credits every month. */
export const offerKind = z.enum(['payment', 'subscription'])
export type OfferKind = z.infer<typeof offerKind>
/** The two layouts of a checkout page; recorded on the purchase. */
export const checkoutVariant = z.enum(['checkout', 'checkout1'])
export type CheckoutVariant = z.infer<typeof checkoutVariant>

/** `{group}/{kind}-{tier}`, as in the checkout URL. */
export const offerId = z
  .string({ error: 'offerId must be a string' })
  .min(1, { error: 'offerId must not be empty' })
  .max(100, { error: 'offerId is too long' })

export const offer = z.object({
  id: z.string(),
  group: z.string(),
  kind: offerKind,
  tier: offerTier,
  /** In the currency's major unit: 49.9 */
  price: z.number().nonnegative(),
  /** ISO 4217, upper case: `USD` */
  currency: z.string(),
  /** Credits per purchase, or per month for a subscription. */
  credits: z.number().int().positive(),
})
export type Offer = z.infer<typeof offer>

export const offerListData = z.array(offer)

export const offerDetailQuery = z.strictObject({ id: offerId })
/**
 * What a checkout page shows: the offer without its group, and the billing interval. The page may pass
 * `id` on to /checkout/create; it never needs to display it.
 */
export const offerDetailData = z.object({
  id: z.string(),
  kind: offerKind,
  tier: offerTier,
  price: z.number().nonnegative(),
  currency: z.string(),
  credits: z.number().int().positive(),
  /** `month` for a subscription, null for a one-off purchase. */
  interval: z.enum(['month']).nullable(),
})
export type OfferDetail = z.infer<typeof offerDetailData>

export const paymentProvider = z.enum(['sandbox', 'stripe'])
export type PaymentProvider = z.infer<typeof paymentProvider>

export const checkoutCreateBody = z.strictObject({
  offerId,
  variant: checkoutVariant.default('checkout'),
})
export type CheckoutCreateBody = z.input<typeof checkoutCreateBody>
export const checkoutCreateData = z.object({
  checkoutId: z.string(),
  provider: paymentProvider,
  /** Stripe Checkout's page, when the provider is `stripe`; the page sends the customer there. */
  redirectUrl: z.string().optional(),
  ...resetTokenField,
})
export type CheckoutCreateData = z.infer<typeof checkoutCreateData>

export const purchaseStatus = z.enum(['paid', 'failed', 'refunded'])
export type PurchaseStatus = z.infer<typeof purchaseStatus>

export const purchase = z.object({
  id: z.number().int().positive(),
  offerId: z.string(),
  kind: offerKind,
  tier: offerTier,
  /** In the currency's major unit: 49.9 */
  amount: z.number().nonnegative(),
  currency: z.string(),
  status: purchaseStatus,
  /** Credits granted (0 for a failed payment). */
  credits: z.number().int().nonnegative(),
  /** Credits taken back by a refund (never more than were still unspent). */
  refundedCredits: z.number().int().nonnegative(),
  variant: checkoutVariant,
  receiptNumber: z.string(),
  /** `checkout` for a first payment, `renewal` for a subscription's later month. */
  source: z.enum(['checkout', 'renewal']),
  createdAt: z.iso.datetime(),
})
export type Purchase = z.infer<typeof purchase>

const digitsOnly = (s: string) => s.replace(/[\s-]/g, '')

export const cardNumber = z
  .string({ error: 'cardNumber: Enter the card number' })
  .transform(digitsOnly)
  .pipe(
    z
      .string()
      .regex(/^\d{12,19}$/, { error: 'Enter a card number of 12 to 19 digits' })
      .refine(luhnValid, { error: 'This card number is not valid; check the digits' }),
  )
/** `MM/YY` (or `MM/YYYY`); whether it lies in the future is checked against the server's clock. */
export const cardExpiry = z
  .string({ error: 'Enter the expiry date' })
  .trim()
  .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/, { error: 'Enter the expiry date as MM/YY' })
export const cardCvc = z
  .string({ error: 'Enter the CVC' })
  .trim()
  .regex(/^\d{3,4}$/, { error: 'The CVC is 3 or 4 digits' })

export const checkoutPayBody = z.strictObject({
  checkoutId: z.string({ error: 'checkoutId must be a string' }).min(1).max(100),
  cardNumber,
  expiry: cardExpiry,
  cvc: cardCvc,
})
export type CheckoutPayBody = z.input<typeof checkoutPayBody>
export const checkoutPayData = z.object({
  status: z.enum(['paid', 'declined', 'insufficient_funds']),
  /** The paid purchase, or the failed attempt for a decline. */
  purchase,
  /** The caller's balance after the payment. */
  balance: z.number().int().nonnegative(),
  ...resetTokenField,
})
export type CheckoutPayData = z.infer<typeof checkoutPayData>

export const checkoutDetailQuery = z.strictObject({ id: z.string().min(1).max(100) })
export const checkoutDetailData = z.object({
  checkoutId: z.string(),
  offerId: z.string(),
  variant: checkoutVariant,
  provider: paymentProvider,
  /** `open` until paid; `paid` once the credits are granted. */
  status: z.enum(['open', 'charged', 'paid']),
  purchase: purchase.nullable(),
  ...resetTokenField,
})
export type CheckoutDetailData = z.infer<typeof checkoutDetailData>

export const pageQuery = z.strictObject({ page, pageSize: pageSizeOr(10) })
export type PageQuery = z.input<typeof pageQuery>

export const purchaseListData = z.array(purchase)

/** Who sells: named on every receipt and in the terms, privacy policy and refund policy (server configuration). */
export const seller = z.object({
  legalName: z.string(),
  /** Lines of the postal address. */
  address: z.array(z.string()),
  /** The VAT or tax registration number. */
  taxId: z.string(),
  email: z.string(),
})
export type Seller = z.infer<typeof seller>
export const sellerData = seller

export const receiptQuery = z.strictObject({
  id: z.coerce.number({ error: 'id must be a number' }).int().positive(),
})
export const receiptData = z.object({
  receiptNumber: z.string(),
  purchaseId: z.number().int().positive(),
  date: z.iso.datetime(),
  offerId: z.string(),
  kind: offerKind,
  tier: offerTier,
  amount: z.number().nonnegative(),
  currency: z.string(),
  status: purchaseStatus,
  credits: z.number().int().nonnegative(),
  refundedCredits: z.number().int().nonnegative(),
  /**
   * Who the receipt is billed to: the billing name and postal address the workspace had set when the purchase was
   * made (a team's, ADR 0210), else the account's name and email (a team's name, and no email or address).
   */
  customer: z.object({ name: z.string(), email: z.string(), address: z.array(z.string()) }),
  /** `Visa •••• 4242` style, when known (sandbox). */
  paymentMethod: z.string().nullable(),
  provider: paymentProvider,
  seller,
  ...resetTokenField,
})
export type ReceiptData = z.infer<typeof receiptData>

/** `GET /credit/balance`: the balance of the workspace the request acts in (a team's with the `Team` header). */
export const creditBalanceData = z.object({
  balance: z.number().int().nonnegative(),
  /** The balance is below `LOW_CREDITS_BELOW`. */
  low: z.boolean(),
  ...resetTokenField,
})
export type CreditBalance = z.infer<typeof creditBalanceData>

/** Where a ledger row came from: a sign-up gift, a purchase, a month of a subscription, a refund, a spend. */
export const creditEntry = z.object({
  id: z.number().int().positive(),
  /** Positive for a grant, negative for a spend or a refund taking credits back. */
  delta: z.number().int(),
  reason: z.string(),
  /** The purchase that granted or took back these credits, if any. */
  purchaseId: z.number().int().positive().nullable(),
  /** The balance right after this row. */
  balanceAfter: z.number().int(),
  createdAt: z.iso.datetime(),
})
export type CreditEntry = z.infer<typeof creditEntry>
export const creditHistoryData = z.array(creditEntry)

export const subscriptionStatus = z.enum(['active', 'past_due', 'canceled'])
export const subscription = z.object({
  id: z.number().int().positive(),
  offerId: z.string(),
  tier: offerTier,
  credits: z.number().int().positive(),
  price: z.number().nonnegative(),
  currency: z.string(),
  status: subscriptionStatus,
  provider: paymentProvider,
  currentPeriodStart: z.iso.datetime(),
  currentPeriodEnd: z.iso.datetime(),
  cancelAtPeriodEnd: z.boolean(),
  /** The offer the next period switches to, if a switch is scheduled. */
  nextOfferId: z.string().nullable(),
})
export type Subscription = z.infer<typeof subscription>
export const subscriptionData = subscription.extend(resetTokenField)
export const subscriptionCurrentData = subscription.nullable()

export const subscriptionSwitchBody = z.strictObject({ offerId })
