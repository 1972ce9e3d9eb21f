import {
  LOW_CREDITS_BELOW,
  type Notification,
  type NotificationEvent,
  notificationEvent,
} from '@templet/api/contract'
import type { Kysely } from 'kysely'
import type { Database, NewNotification, NotificationRow } from '../../db/schema'
import { notFound } from '../../errors'
import { englishText } from './notification-text'
import {
  countNotifications,
  insertNotifications,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  writeGroupedNotification,
} from './notifications.queries'
import { billingRecipients, type WorkRecipient } from './recipients'

/**
 * The row of one notification: its type and parameters, checked against the contract (a wrong parameter is a
 * bug and throws here, before anything is stored). Every notification is written through this and
 * `insertNotifications`.
 */
export function notificationRow(userId: number, e: NotificationEvent, now: number): NewNotification {
  const checked = notificationEvent.parse(e)
  return {
    user_id: userId,
    type: checked.type,
    params: JSON.stringify(checked.params),
    checked: 0,
    created_at: now,
  }
}

export const welcomeNotification = (userId: number, params: { name: string; credits: number }, now: number) =>
  notificationRow(userId, { type: 'welcome', params }, now)

/**
 * Raised when a spend takes the balance from LOW_CREDITS_BELOW or more to below it: once per crossing, in the
 * spend's transaction, to whoever buys for the workspace (`billingRecipients`).
 */
export function notifyCreditsLow(
  db: Kysely<Database>,
  workspaceId: number,
  spend: { before: number; after: number },
  now: number,
): Promise<void> {
  if (!(spend.before >= LOW_CREDITS_BELOW && spend.after < LOW_CREDITS_BELOW)) return Promise.resolve()
  return notifyBilling(
    db,
    workspaceId,
    { type: 'credits_low', balance: spend.after, threshold: LOW_CREDITS_BELOW },
    now,
  )
}

const HOUR_MS = 3_600_000

/**
 * Tells `to` that a creation is stored: one notification for the creations of one clock hour (UTC) in one
 * workspace, counting them and naming the latest, instead of one each. Written in the caller's transaction (the
 * creation's own).
 */
export function notifyCreationReady(
  db: Kysely<Database>,
  to: WorkRecipient,
  params: Omit<Extract<NotificationEvent, { type: 'creation_ready' }>['params'], 'team'>,
  now: number,
): Promise<number> {
  const hour = Math.floor(now / HOUR_MS)
  return writeGroupedNotification(db, {
    ...notificationRow(to.userId, { type: 'creation_ready', params: { ...params, ...inTeam(to) } }, now),
    // A member's creations in a team are counted apart from their own.
    group_key: to.team ? `creations:team:${to.team.id}:${hour}` : `creations:${hour}`,
  })
}

/** The `team` parameter of a notification about work in a team's workspace (none in the reader's own). */
export const inTeam = (to: WorkRecipient) => (to.team ? { team: to.team } : {})

type SubscriptionState = Extract<
  NotificationEvent,
  { type: 'subscription_cancelled' | 'subscription_resumed' }
>
/**
 * Tells a subscription's new state (cancelled, resumed) to whoever buys for its workspace: one notification per
 * subscription and reader, each state taking the place of the one before, so the bell never says "cancelled"
 * about a subscription that goes on.
 */
export async function notifySubscriptionState(
  db: Kysely<Database>,
  workspaceId: number,
  subscriptionId: number,
  e: { type: SubscriptionState['type']; params: Omit<SubscriptionState['params'], 'team'> },
  now: number,
): Promise<void> {
  for (const r of await billingRecipients(db, workspaceId))
    await writeGroupedNotification(db, {
      ...notificationRow(r.userId, { ...e, params: { ...e.params, ...inTeam(r) } }, now),
      group_key: `subscription:${subscriptionId}`,
    })
}

/**
 * The stored row as the contract's notification (the list and the live stream both send this); a row whose
 * parameters no longer read keeps a plain message.
 */
export function toNotification(r: NotificationRow): Notification {
  let e: NotificationEvent
  try {
    e = notificationEvent.parse({ type: r.type, params: JSON.parse(r.params) })
    // A group of creations: how many it stands for.
    if (e.type === 'creation_ready' && Number(r.group_count) > 1)
      e = { ...e, params: { ...e.params, count: Number(r.group_count) } }
  } catch {
    e = { type: 'message', params: { title: 'Notification', content: '' } }
  }
  return {
    id: r.id,
    ...e,
    ...englishText(e),
    check: r.checked === 1 ? 1 : 0,
    createdAt: new Date(r.created_at).toISOString(),
  } as Notification
}

/** A user's notifications as the API reads and marks them. */
export class Notifications {
  constructor(private readonly db: Kysely<Database>) {}

  /** One page of the user's notifications, newest first, and the count over all pages. */
  async page(
    userId: number,
    q: { check?: '0' | '1' | undefined; page: number; pageSize: number },
  ): Promise<{ items: Notification[]; total: number }> {
    const filter = { userId, checked: q.check === undefined ? undefined : q.check === '1' ? 1 : 0 } as const
    const [rows, total] = await Promise.all([
      listNotifications(this.db, filter, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize }),
      countNotifications(this.db, filter),
    ])
    return { items: rows.map(toNotification), total }
  }

  /** 404 for a notification that is not the user's. */
  async markRead(userId: number, id: number): Promise<void> {
    if (!(await markNotificationRead(this.db, userId, id))) throw notFound('Notification')
  }

  markAllRead(userId: number): Promise<number> {
    return markAllNotificationsRead(this.db, userId)
  }
}

type Billing = Extract<
  NotificationEvent,
  {
    type:
      | 'purchase_paid'
      | 'purchase_failed'
      | 'subscription_renewed'
      | 'subscription_cancelled'
      | 'credits_low'
  }
>
/** The billing events a customer hears about (docs/product.md#notifications). */
export type BillingEvent = {
  [T in Billing['type']]: { type: T } & Omit<Extract<Billing, { type: T }>['params'], 'team'>
}[Billing['type']]

/**
 * Stores a billing event for whoever buys for `workspaceId` (the person, or a team's owner and admins, naming the
 * team), in the caller's transaction: its type and figures, written in the reader's language when read.
 */
export async function notifyBilling(
  db: Kysely<Database>,
  workspaceId: number,
  e: BillingEvent,
  now: number,
): Promise<void> {
  const { type, ...params } = e
  const to = await billingRecipients(db, workspaceId)
  await insertNotifications(
    db,
    to.map((r) =>
      notificationRow(r.userId, { type, params: { ...params, ...inTeam(r) } } as NotificationEvent, now),
    ),
  )
}
