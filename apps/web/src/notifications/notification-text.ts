import type { Notification } from '@templet/api/contract'
import type { TFunction } from 'i18next'
import { formatDate, formatMoney } from '../i18n/format'
import { pathInTeam } from '../session/workspace'

/** What a notification's text needs besides itself: the reader's language and a template's localized name. */
export interface TextContext {
  t: TFunction
  language: string
  /** The localized name of the template a creation was made from, once known. */
  templateName?: string | undefined
}

const money = (cents: number, currency: string, language: string) =>
  formatMoney(cents / 100, currency, language)
const day = (iso: string, language: string) => formatDate(new Date(iso), 'long', language)

/**
 * A notification's title and text in the reader's language, written from its type and parameters: what the
 * server stores has no sentence, so a notification raised before the reader switched language reads in the
 * new one too. A `message` (an old notification whose text could not be read into parameters) keeps its text.
 */
export function notificationText(n: Notification, c: TextContext): { title: string; body: string } {
  const text = ownText(n, c)
  const team = teamOf(n)
  return team ? { ...text, body: `${text.body} ${c.t('notification.inTeam', { team: team.name })}` } : text
}

/**
 * The team whose workspace a notification is about (the work done in it, or its credits and plan); undefined for the
 * reader's own workspace.
 */
function teamOf(n: Notification): { id: number; name: string } | undefined {
  return 'team' in n.params ? n.params.team : undefined
}

function ownText(n: Notification, c: TextContext): { title: string; body: string } {
  const { t, language } = c
  // A team's credits and plan are the team's, not "yours": its owner and admins read them so.
  const whose = teamOf(n) ? 'team' : 'body'
  switch (n.type) {
    case 'welcome':
      return {
        title: t('notification.welcome.title', { name: n.params.name }),
        body: t('notification.welcome.body', { count: n.params.credits }),
      }
    case 'purchase_paid':
      return {
        title: t('notification.purchasePaid.title'),
        body: t(`notification.purchasePaid.${whose}`, {
          count: n.params.credits,
          amount: money(n.params.amountCents, n.params.currency, language),
        }),
      }
    case 'purchase_failed':
      return {
        title: t('notification.purchaseFailed.title'),
        body: t(`notification.purchaseFailed.${n.params.reason}${whose === 'team' ? '_team' : ''}`, {
          amount: money(n.params.amountCents, n.params.currency, language),
        }),
      }
    case 'subscription_renewed':
      return {
        title: t('notification.subscriptionRenewed.title'),
        body: t('notification.subscriptionRenewed.body', {
          count: n.params.credits,
          amount: money(n.params.amountCents, n.params.currency, language),
          date: day(n.params.periodEnd, language),
        }),
      }
    case 'subscription_cancelled':
      return {
        title: t('notification.subscriptionCancelled.title'),
        body: t(`notification.subscriptionCancelled.${whose}`, { date: day(n.params.periodEnd, language) }),
      }
    case 'subscription_resumed':
      return {
        title: t('notification.subscriptionResumed.title'),
        body: t(`notification.subscriptionResumed.${whose}`, { date: day(n.params.periodEnd, language) }),
      }
    case 'credits_low':
      return {
        title: t('notification.creditsLow.title'),
        body: t(`notification.creditsLow.${whose}`, { count: n.params.balance }),
      }
    case 'creation_ready':
      if ((n.params.count ?? 1) > 1)
        return {
          title: t('notification.creationReady.groupTitle', { count: n.params.count }),
          body: t('notification.creationReady.groupBody', { name: n.params.name }),
        }
      return {
        title: t('notification.creationReady.title', { name: n.params.name }),
        body: c.templateName
          ? t('notification.creationReady.body', { template: c.templateName })
          : t('notification.creationReady.bodyNoTemplate'),
      }
    case 'batch_completed':
      return {
        title: t('notification.batchCompleted.title'),
        body: t('notification.batchCompleted.body', {
          completed: n.params.completed,
          total: n.params.total,
          failed: n.params.failed + n.params.canceled,
        }),
      }
    case 'comment_mention':
      return {
        title: t(
          n.params.guest ? 'notification.commentMention.guestTitle' : 'notification.commentMention.title',
          {
            author: n.params.author,
          },
        ),
        body: t('notification.commentMention.body', { design: n.params.design }),
      }
    case 'message':
      return { title: n.params.title, body: n.params.content }
  }
}

/** Where opening a notification leads, and in which workspace. */
export interface NotificationTarget {
  path: string
  /**
   * The workspace its page is in: a team's id, or null for the reader's own; absent for a page of no workspace
   * (Templates). Opening it moves the tab there.
   */
  team?: number | null
}

/**
 * Where opening a notification leads: the creation (Creation History for an hour's several) or the batch, the
 * comments of a design (the one that mentions the reader selected), the purchase's receipt (Purchase History for one older than that link), Pricing Plans to top up or change the plan,
 * Templates to start; in the workspace it is about (a team's, else the reader's own). A `message` leads nowhere.
 */
export function notificationTarget(n: Notification): NotificationTarget | undefined {
  const path = targetPath(n)
  if (path === undefined) return undefined
  if (n.type === 'welcome') return { path }
  return { path, team: teamOf(n)?.id ?? null }
}

/** The target as a link's address: a team's page names its team, for a new tab to open it there. */
export function targetHref(target: NotificationTarget): string {
  return target.team ? pathInTeam(target.path, target.team) : target.path
}

function targetPath(n: Notification): string | undefined {
  switch (n.type) {
    case 'welcome':
      return '/templates'
    case 'purchase_paid':
    case 'purchase_failed':
    case 'subscription_renewed':
      return n.params.purchaseId === null ? '/purchase-history' : `/purchase-history/${n.params.purchaseId}`
    case 'subscription_cancelled':
    case 'subscription_resumed':
    case 'credits_low':
      return '/pricing-plans'
    case 'creation_ready':
      // One creation opens it (a page that says so if it was deleted since); several, Creation History.
      return (n.params.count ?? 1) > 1 ? '/creation' : `/creation/${n.params.creationId}/edit`
    case 'batch_completed':
      return `/bulk/${n.params.batchId}`
    case 'comment_mention':
      return `/review?design=${n.params.templateId}&comment=${n.params.commentId}`
    case 'message':
      return undefined
  }
}
