import type { Accounts } from '../services/accounts'
import type { BillingHistory } from '../services/billing-history'
import type { Checkouts } from '../services/checkouts'
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
  checkouts: Checkouts,
  history: BillingHistory,
  subscriptions: Subscriptions,
  accounts: Accounts,
): BillingHandlers {
  return {
    offerList: async () => {
      const items = offers.list()
      return { items, total: items.length }
    },
    offerDetail: async ({ query }) => offers.detail(query.id),
    checkoutCreate: ({ session, body }) => checkouts.create(session.userId, body),
    checkoutPay: ({ session, body }) => checkouts.pay(session.userId, body),
    checkoutDetail: ({ session, query }) => checkouts.detail(session.userId, query.id),
    purchaseList: ({ session, query }) => history.purchases(session.userId, query),
    purchaseReceipt: ({ session, query }) => history.receipt(session.userId, query.id),
    creditHistory: ({ session, query }) => history.creditHistory(session.userId, query),
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
