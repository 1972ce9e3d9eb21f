import type { NotificationEvent } from '@templet/api/contract'

/**
 * The sentences notifications were stored as before they were a type and parameters, frozen here for migration
 * `0006_notification_params`: the English written today (features/notifications/notification-text.ts) may change, what is in
 * old databases does not.
 */
const FAILURE_TEXT = {
  declined: 'The card was declined. Nothing was charged.',
  insufficient_funds: 'The card has insufficient funds. Nothing was charged.',
  renewal_failed:
    'The renewal payment failed and your subscription is past due. Update your payment to keep it.',
} as const
/** The low-credit threshold of that time. */
const LOW_CREDITS_BELOW = 3

const AMOUNT = /\((\d+(?:\.\d{1,2})?) ([A-Z]{3})\)/
const amountOf = (text: string) => {
  const m = AMOUNT.exec(text)
  return m ? { amountCents: Math.round(Number(m[1]) * 100), currency: m[2] as string } : undefined
}
const dayOf = (text: string, before: string) => {
  const m = new RegExp(`${before} (\\d{4}-\\d{2}-\\d{2})`).exec(text)
  return m ? `${m[1]}T00:00:00.000Z` : undefined
}

/**
 * Reads a notification stored as English sentences (before type and parameters) back into its parameters:
 * the figures the sentences were written from. What cannot be read keeps its text as a `message`.
 */
export function eventFromText(type: string, title: string, content: string): NotificationEvent {
  const fallback: NotificationEvent = { type: 'message', params: { title, content } }
  const noPurchase = { purchaseId: null, offerId: null }
  switch (type) {
    case 'welcome': {
      const name = /^Welcome to Templet, (.*)$/s.exec(title)?.[1]
      const credits = /holds (\d+) free credits/.exec(content)?.[1]
      return name !== undefined && credits ? { type, params: { name, credits: Number(credits) } } : fallback
    }
    case 'purchase_paid': {
      const credits = /^(\d+) credits were added to your account/.exec(content)?.[1]
      const amount = amountOf(content)
      return credits && amount
        ? { type, params: { ...noPurchase, credits: Number(credits), ...amount } }
        : fallback
    }
    case 'purchase_failed': {
      const amount = amountOf(content)
      const reason = (Object.keys(FAILURE_TEXT) as (keyof typeof FAILURE_TEXT)[]).find((r) =>
        content.startsWith(FAILURE_TEXT[r]),
      )
      return amount && reason ? { type, params: { ...noPurchase, ...amount, reason } } : fallback
    }
    case 'subscription_renewed': {
      const credits = /^(\d+) credits were added for the month/.exec(content)?.[1]
      const amount = amountOf(content)
      const periodEnd = dayOf(content, 'Next renewal:')
      return credits && amount && periodEnd
        ? { type, params: { ...noPurchase, credits: Number(credits), ...amount, periodEnd } }
        : fallback
    }
    case 'subscription_cancelled': {
      const periodEnd = dayOf(content, 'active until')
      return periodEnd ? { type, params: { offerId: null, periodEnd } } : fallback
    }
    case 'credits_low': {
      const balance = /You have (\d+) credits? left/.exec(content)?.[1]
      return balance ? { type, params: { balance: Number(balance), threshold: LOW_CREDITS_BELOW } } : fallback
    }
    default:
      // creation_ready never named its creation; other types are unknown here.
      return fallback
  }
}
