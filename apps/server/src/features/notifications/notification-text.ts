import type { NotificationEvent } from '@templet/api/contract'

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`
const day = (iso: string) => iso.slice(0, 10)

const FAILURE_TEXT = {
  declined: 'The card was declined. Nothing was charged.',
  insufficient_funds: 'The card has insufficient funds. Nothing was charged.',
  renewal_failed:
    'The renewal payment failed and your subscription is past due. Update your payment to keep it.',
} as const
const TEAM_RENEWAL_FAILED =
  "The renewal payment failed and the team's plan is past due. Update its payment to keep it."

/**
 * A notification's title and text in English, for the API's `title` and `content` (scripts and other products
 * read them). The web app writes its own from the type and parameters in the reader's language; nothing of
 * this is stored. One about a team's workspace says whose credits and plan it means, and names the team.
 */
export function englishText(e: NotificationEvent): { title: string; content: string } {
  const text = ownText(e)
  const team = 'team' in e.params ? e.params.team : undefined
  return team ? { ...text, content: `${text.content} In the team “${team.name}”.` } : text
}

function ownText(e: NotificationEvent): { title: string; content: string } {
  const inTeam = 'team' in e.params && e.params.team !== undefined
  switch (e.type) {
    case 'welcome':
      return {
        title: `Welcome to Templet, ${e.params.name}`,
        content: `Your account is ready and holds ${e.params.credits} free credits. Pick a template, fill in your text and images, and render your first design.`,
      }
    case 'purchase_paid':
      return {
        title: 'Payment received',
        content: `${e.params.credits} credits were added to ${inTeam ? "the team's balance" : 'your account'} (${money(e.params.amountCents, e.params.currency)}).`,
      }
    case 'purchase_failed':
      return {
        title: 'Payment failed',
        content: `${inTeam && e.params.reason === 'renewal_failed' ? TEAM_RENEWAL_FAILED : FAILURE_TEXT[e.params.reason]} (${money(e.params.amountCents, e.params.currency)})`,
      }
    case 'subscription_renewed':
      return {
        title: 'Subscription renewed',
        content: `${e.params.credits} credits were added for the month (${money(e.params.amountCents, e.params.currency)}). Next renewal: ${day(e.params.periodEnd)}.`,
      }
    case 'subscription_cancelled':
      return {
        title: 'Subscription cancelled',
        content: `${inTeam ? "The team's plan" : 'Your subscription'} stays active until ${day(e.params.periodEnd)} and will not renew.`,
      }
    case 'subscription_resumed':
      return {
        title: 'Subscription resumed',
        content: `${inTeam ? "The team's plan" : 'Your subscription'} goes on and renews on ${day(e.params.periodEnd)}.`,
      }
    case 'credits_low':
      return {
        title: 'Credits running low',
        content: `${inTeam ? 'The team has' : 'You have'} ${e.params.balance} ${e.params.balance === 1 ? 'credit' : 'credits'} left. Top up to keep creating.`,
      }
    case 'creation_ready':
    case 'batch_completed':
    case 'comment_mention':
      return workText(e)
    case 'message':
      return { title: e.params.title, content: e.params.content }
  }
}

/** The text of a notification about work in a workspace. */
function workText(
  e: Extract<NotificationEvent, { type: 'creation_ready' | 'batch_completed' | 'comment_mention' }>,
) {
  switch (e.type) {
    case 'comment_mention':
      return {
        title: `${e.params.author}${e.params.guest ? ' (guest)' : ''} mentioned you`,
        content: `In a comment on “${e.params.design}”.`,
      }
    case 'creation_ready':
      return (e.params.count ?? 1) > 1
        ? {
            title: `${e.params.count} creations are ready`,
            content: `The latest is “${e.params.name}”. Find them all in Creation History.`,
          }
        : {
            title: 'Your creation is ready',
            content: `“${e.params.name}” is ready to download from Creation History.`,
          }
    case 'batch_completed':
      return {
        title: 'Your bulk creation is done',
        content: `${e.params.completed} of ${e.params.total} made${e.params.failed > 0 ? `, ${e.params.failed} failed (their credits were refunded)` : ''}${e.params.canceled > 0 ? `, ${e.params.canceled} cancelled` : ''}.`,
      }
  }
}
