import type { Notification } from '@templet/api/contract'
import { notificationType } from '@templet/api/contract'
import type { Kysely } from 'kysely'
import {
  countNotifications,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '../db/notifications'
import type { Database, NewNotification, NotificationRow } from '../db/schema'
import { notFound } from '../errors'
import { SIGNUP_CREDITS } from './ledger'

export function welcomeNotification(userId: number, name: string, now: number): NewNotification {
  return {
    user_id: userId,
    type: 'welcome',
    title: `Welcome to Templet, ${name}`,
    content: `Your account is ready and holds ${SIGNUP_CREDITS} free credits. Pick a template, fill in your text and images, and render your first design.`,
    checked: 0,
    created_at: now,
  }
}

/** A stored row as the contract's notification: the list and the live stream both send this. */
export const toNotification = (r: NotificationRow): Notification => ({
  id: r.id,
  type: notificationType.parse(r.type),
  title: r.title,
  content: r.content,
  check: r.checked === 1 ? 1 : 0,
  createdAt: new Date(r.created_at).toISOString(),
})

/** One page of the user's notifications, newest first, and the count over all pages. */
export async function notificationPage(
  db: Kysely<Database>,
  userId: number,
  q: { check?: '0' | '1' | undefined; page: number; pageSize: number },
): Promise<{ items: Notification[]; total: number }> {
  const filter = { userId, checked: q.check === undefined ? undefined : q.check === '1' ? 1 : 0 } as const
  const [rows, total] = await Promise.all([
    listNotifications(db, filter, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize }),
    countNotifications(db, filter),
  ])
  return { items: rows.map(toNotification), total }
}

export async function markRead(db: Kysely<Database>, userId: number, id: number): Promise<void> {
  if (!(await markNotificationRead(db, userId, id))) throw notFound('Notification')
}

export const markAllRead = (db: Kysely<Database>, userId: number) => markAllNotificationsRead(db, userId)

/** The billing events a customer hears about (PRODUCT.md §9); `type` names the event, `params` fill its text. */
export type BillingEvent =
  | { type: 'purchase_paid'; credits: number; amount: string }
  | { type: 'purchase_failed'; amount: string; reason: 'declined' | 'insufficient_funds' | 'renewal_failed' }
  | { type: 'subscription_renewed'; credits: number; amount: string; periodEnd: string }
  | { type: 'subscription_cancelled'; periodEnd: string }

const FAILURE_TEXT = {
  declined: 'The card was declined. Nothing was charged.',
  insufficient_funds: 'The card has insufficient funds. Nothing was charged.',
  renewal_failed:
    'The renewal payment failed and your subscription is past due. Update your payment to keep it.',
} as const

/** The stored notification of a billing event (English text; the type and figures let a reader's language redo it). */
export function billingNotification(userId: number, e: BillingEvent, now: number): NewNotification {
  const text = (() => {
    switch (e.type) {
      case 'purchase_paid':
        return {
          title: 'Payment received',
          content: `${e.credits} credits were added to your account (${e.amount}).`,
        }
      case 'purchase_failed':
        return { title: 'Payment failed', content: `${FAILURE_TEXT[e.reason]} (${e.amount})` }
      case 'subscription_renewed':
        return {
          title: 'Subscription renewed',
          content: `${e.credits} credits were added for the month (${e.amount}). Next renewal: ${e.periodEnd.slice(0, 10)}.`,
        }
      case 'subscription_cancelled':
        return {
          title: 'Subscription cancelled',
          content: `Your subscription stays active until ${e.periodEnd.slice(0, 10)} and will not renew.`,
        }
    }
  })()
  return { user_id: userId, type: e.type, ...text, checked: 0, created_at: now }
}
