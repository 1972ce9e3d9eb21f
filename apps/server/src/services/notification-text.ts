import { LOW_CREDITS_BELOW, type NotificationEvent } from '@templet/api/contract'

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`
const day = (iso: string) => iso.slice(0, 10)

const FAILURE_TEXT = {
  declined: 'The card was declined. Nothing was charged.',
  insufficient_funds: 'The card has insufficient funds. Nothing was charged.',
  renewal_failed:
    'The renewal payment failed and your subscription is past due. Update your payment to keep it.',
} as const

/**
 * A notification's title and text in English, for the API's `title` and `content` (scripts and other products
 * read them). The web app writes its own from the type and parameters in the reader's language; nothing of
 * this is stored.
 */
export function englishText(e: NotificationEvent): { title: string; content: string } {
  switch (e.type) {
    case 'welcome':
      return {
        title: `Welcome to Templet, ${e.params.name}`,
        content: `Your account is ready and holds ${e.params.credits} free credits. Pick a template, fill in your text and images, and render your first design.`,
      }
    case 'purchase_paid':
      return {
        title: 'Payment received',
        content: `${e.params.credits} credits were added to your account (${money(e.params.amountCents, e.params.currency)}).`,
      }
    case 'purchase_failed':
      return {
        title: 'Payment failed',
        content: `${FAILURE_TEXT[e.params.reason]} (${money(e.params.amountCents, e.params.currency)})`,
      }
    case 'subscription_renewed':
      return {
        title: 'Subscription renewed',
        content: `${e.params.credits} credits were added for the month (${money(e.params.amountCents, e.params.currency)}). Next renewal: ${day(e.params.periodEnd)}.`,
      }
    case 'subscription_cancelled':
      return {
        title: 'Subscription cancelled',
        content: `Your subscription stays active until ${day(e.params.periodEnd)} and will not renew.`,
      }
    case 'credits_low':
      return {
        title: 'Credits running low',
        content: `You have ${e.params.balance} ${e.params.balance === 1 ? 'credit' : 'credits'} left. Top up to keep creating.`,
      }
    case 'creation_ready':
      return {
        title: 'Your creation is ready',
        content: `“${e.params.name}” was rendered as PNG, JPEG and WebP.`,
      }
    case 'message':
      return { title: e.params.title, content: e.params.content }
  }
}

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
