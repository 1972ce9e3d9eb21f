import type { Accounts } from '../services/accounts'
import type { Billing } from '../services/billing'
import type { Offers } from '../services/offers'
import type { Subscriptions } from '../services/subscriptions'
import type { Handlers } from './api'

type BillingHandlers = Pick<
  Handlers,
  | 'offerList'
  | 'offerDetail'
  | 'checkoutCreate'
  | 'checkoutPay'
  | 'checkoutDetail'
  | 'purchaseList'
  | 'purchaseReceipt'
  | 'creditHistory'
  | 'subscriptionCurrent'
  | 'subscriptionCancel'
  | 'subscriptionResume'
  | 'subscriptionSwitch'
  | 'myInfo'
>

export function billingHandlers(
  offers: Offers,
  billing: Billing,
  subscriptions: Subscriptions,
  accounts: Accounts,
): BillingHandlers {
  return {
    offerList: async () => {
      const items = offers.list()
      return { items, total: items.length }
    },
    offerDetail: async ({ query }) => offers.detail(query.id),
    checkoutCreate: ({ session, body }) => billing.createCheckout(session.userId, body),
    checkoutPay: ({ session, body }) => billing.pay(session.userId, body),
    checkoutDetail: ({ session, query }) => billing.checkoutDetail(session.userId, query.id),
    purchaseList: ({ session, query }) => billing.purchases(session.userId, query),
    purchaseReceipt: ({ session, query }) => billing.receipt(session.userId, query.id),
    creditHistory: ({ session, query }) => billing.creditHistory(session.userId, query),
    subscriptionCurrent: ({ session }) => subscriptions.current(session.userId),
    subscriptionCancel: ({ session }) => subscriptions.cancel(session.userId),
    subscriptionResume: ({ session }) => subscriptions.resume(session.userId),
    subscriptionSwitch: ({ session, body }) => subscriptions.switchTo(session.userId, body.offerId),
    // The user with the subscription they really have.
    myInfo: async ({ session }) => ({
      ...(await accounts.user(session.userId)),
      subscription: await subscriptions.summary(session.userId),
    }),
  }
}
