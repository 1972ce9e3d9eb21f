import { LOW_CREDITS_BELOW, type Seller } from '@templet/api/contract'
import type { Config } from '../../config'
import type { Handlers } from '../../routes/api'
import type { RateLimiter } from '../../services/rate-limit'
import type { Renderer } from '../../services/renderer'
import type { Accounts } from '../accounts/accounts'
import type { BillingDetailsStore } from './billing-details'
import type { BillingHistory } from './billing-history'
import type { Checkouts } from './checkouts'
import type { Offers } from './offers'
import { receiptPdfHeaders, receiptSheet } from './receipt-sheet'
import type { Subscriptions } from './subscriptions'

type BillingHandlers = Pick<
  Handlers,
  | 'offerList'
  | 'offerDetail'
  | 'seller'
  | 'checkoutCreate'
  | 'checkoutPay'
  | 'checkoutDetail'
  | 'purchaseList'
  | 'purchaseReceipt'
  | 'purchaseReceiptPdf'
  | 'creditHistory'
  | 'creditBalance'
  | 'billingDetails'
  | 'billingDetailsSave'
  | 'subscriptionCurrent'
  | 'subscriptionCancel'
  | 'subscriptionResume'
  | 'subscriptionSwitch'
  | 'myInfo'
>

/**
 * Receipt PDFs drawn per account and 10 minutes: each costs tens of milliseconds of CPU, and a year of monthly
 * receipts downloaded twice still fits.
 */
const RECEIPT_PDF_LIMIT = { limit: 60, windowSeconds: 600 }

/**
 * Checkouts opened, card payments tried and subscription changes are counted per account before the work
 * (a script trying stolen cards, or toggling a plan, meets a 429 within minutes).
 */
export function billingHandlers(
  offers: Offers,
  checkouts: Checkouts,
  history: BillingHistory,
  billingDetails: BillingDetailsStore,
  subscriptions: Subscriptions,
  accounts: Accounts,
  limits: { limiter: RateLimiter; rateLimits: Config['rateLimits'] },
  seller: Seller,
  renderReceipt: Renderer['renderReceipt'],
): BillingHandlers {
  const { limiter, rateLimits } = limits
  const planChange = (userId: number) => limiter.consume(`plan-change:${userId}`, rateLimits.planChange)
  return {
    offerList: async () => {
      const items = offers.list()
      return { items, total: items.length }
    },
    offerDetail: async ({ query }) => offers.detail(query.id),
    seller: async () => seller,
    checkoutCreate: async ({ session, body }) => {
      await limiter.consume(`checkout:${session.userId}`, rateLimits.checkout)
      return checkouts.create(session.userId, body, session.actorId)
    },
    // Only a card tried counts against the limit: a replay of a paid checkout (a double-click resent) tries none.
    checkoutPay: ({ session, body }) =>
      checkouts.pay(session.userId, body, () =>
        limiter.consume(`payment:${session.userId}`, rateLimits.payment),
      ),
    checkoutDetail: ({ session, query }) => checkouts.detail(session.userId, query.id),
    purchaseList: ({ session, query }) => history.purchases(session.userId, query),
    purchaseReceipt: ({ session, query }) => history.receipt(session.userId, query.id),
    // The same receipt (404 for anyone else's) drawn as a PDF, in the language the page is read in.
    purchaseReceiptPdf: async ({ session, query }) => {
      await limiter.consume(`receipt-pdf:${session.userId}`, RECEIPT_PDF_LIMIT)
      const receipt = await history.receipt(session.userId, query.id)
      const sheet = receiptSheet(receipt, {
        language: query.lang ?? (await accounts.user(session.userId)).locale,
        timeZone: query.timeZone ?? 'UTC',
        offerCredits: offers.find(receipt.offerId)?.credits,
      })
      const data = await renderReceipt(sheet, { account: session.userId })
      return { data, contentType: 'application/pdf', headers: receiptPdfHeaders(receipt) }
    },
    creditHistory: ({ session, query }) => history.creditHistory(session.userId, query),
    // The workspace's balance: a team's for any of its members, where /user/my-info has the person's own.
    creditBalance: async ({ session }) => {
      const balance = await history.balance(session.userId)
      return { balance, low: balance < LOW_CREDITS_BELOW }
    },
    billingDetails: async ({ session }) => ({ details: await billingDetails.get(session.userId) }),
    billingDetailsSave: async ({ session, body }) => ({
      details: await billingDetails.save(session.userId, session.teamId, body),
    }),
    subscriptionCurrent: ({ session }) => subscriptions.current(session.userId),
    subscriptionCancel: async ({ session }) => {
      await planChange(session.userId)
      return subscriptions.cancel(session.userId, session.actorId ?? session.userId)
    },
    subscriptionResume: async ({ session }) => {
      await planChange(session.userId)
      return subscriptions.resume(session.userId, session.actorId ?? session.userId)
    },
    subscriptionSwitch: async ({ session, body }) => {
      await planChange(session.userId)
      return subscriptions.switchTo(session.userId, body.offerId)
    },
    // The user with the subscription they really have.
    myInfo: async ({ session }) => ({
      ...(await accounts.user(session.userId)),
      subscription: await subscriptions.summary(session.userId),
    }),
  }
}
