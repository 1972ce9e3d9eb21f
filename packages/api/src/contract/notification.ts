import { z } from 'zod'
import { resetTokenField } from './envelope'
import { page, pageSizeOr } from './media-fields'

const id = z.number().int().positive()
const credits = z.number().int().nonnegative()
/** An amount in the currency's minor unit (cents) and its ISO 4217 code; the reader's locale formats it. */
const money = { amountCents: z.number().int().nonnegative(), currency: z.string().regex(/^[A-Z]{3}$/) }
/**
 * The purchase a billing notification is about (its receipt) and its offer (`{group}/{kind}-{tier}`); null on
 * notifications older than these links.
 */
const purchaseLink = { purchaseId: id.nullable(), offerId: z.string().min(1).nullable() }
/**
 * The team whose workspace the work was done in, told to the member who started it, or whose credits and plan a
 * billing notification is about, told to its owner and admins (its name as it was then); absent in the reader's own
 * workspace and on notifications older than it. Opening the notification moves the tab to that team.
 */
const inTeam = { team: z.strictObject({ id, name: z.string().max(200) }).optional() }

/**
 * The parameters of each notification type: what a reader's language needs to write its title and text, and
 * where opening it leads. Nothing here is a sentence; names of templates and types are ids, named on the client.
 * The billing types of a team's workspace go to each of its owner and admins, with `team`.
 */
export const notificationParams = {
  /** Registration: the account's name and its free credits. Opens Templates. */
  welcome: z.strictObject({ name: z.string().max(200), credits }),
  /** Opens the purchase's receipt. */
  purchase_paid: z.strictObject({ ...purchaseLink, credits, ...money, ...inTeam }),
  /** A checkout refused by the card, or a renewal that could not be charged. Opens Purchase History. */
  purchase_failed: z.strictObject({
    ...purchaseLink,
    ...money,
    reason: z.enum(['declined', 'insufficient_funds', 'renewal_failed']),
    ...inTeam,
  }),
  /** A month's credits granted; `periodEnd` is the next renewal. Opens the purchase's receipt. */
  subscription_renewed: z.strictObject({
    ...purchaseLink,
    credits,
    ...money,
    periodEnd: z.iso.datetime(),
    ...inTeam,
  }),
  /**
   * Cancelled at period end: active until `periodEnd`. Opens Pricing Plans. Replaced by `subscription_resumed`
   * when the subscription is resumed (one notification per subscription's state).
   */
  subscription_cancelled: z.strictObject({
    offerId: z.string().min(1).nullable(),
    periodEnd: z.iso.datetime(),
    ...inTeam,
  }),
  /** A cancelled subscription resumed before its end: it renews on `periodEnd`. Replaces the cancellation. */
  subscription_resumed: z.strictObject({
    offerId: z.string().min(1).nullable(),
    periodEnd: z.iso.datetime(),
    ...inTeam,
  }),
  /** A spend left `balance` credits, fewer than `threshold` (LOW_CREDITS_BELOW). Opens Pricing Plans. */
  credits_low: z.strictObject({ balance: credits, threshold: z.number().int().positive(), ...inTeam }),
  /**
   * Creations stored within one clock hour, as one notification: `count` of them (1 when absent, as on older
   * ones), the latest named by `creationId` and `name` (the customer's own; the template is named by id). One
   * opens the creation, several open Creation History. In a team's workspace it is the member's who made them.
   */
  creation_ready: z.strictObject({
    creationId: id,
    templateId: id,
    typeId: id,
    name: z.string().max(200),
    count: z.number().int().positive().optional(),
    ...inTeam,
  }),
  /**
   * A batch (bulk creation) finished: one notification for all its rows. Opens the batch. In a team's workspace
   * it is the member's who started it (a `/v1` batch: the key's maker, else the team's owner).
   */
  batch_completed: z.strictObject({
    batchId: id,
    total: z.number().int().nonnegative(),
    completed: z.number().int().nonnegative(),
    failed: z.number().int().nonnegative(),
    canceled: z.number().int().nonnegative(),
    ...inTeam,
  }),
  /**
   * A comment on a design of the reader's workspace mentions them (`@` and their handle): by `author` (a member, or a
   * guest with the review link), on the design `design`. Opens the design's comments, in its workspace.
   */
  comment_mention: z.strictObject({
    commentId: id,
    templateId: id,
    design: z.string().max(200),
    author: z.string().max(200),
    guest: z.boolean(),
    ...inTeam,
  }),
  /** An older notification whose stored text could not be read into parameters: its text as it was. */
  message: z.strictObject({ title: z.string(), content: z.string() }),
} as const

export type NotificationType = keyof typeof notificationParams
export const notificationType = z.enum(
  Object.keys(notificationParams) as [NotificationType, ...NotificationType[]],
)
export type NotificationParams<T extends NotificationType = NotificationType> = z.infer<
  (typeof notificationParams)[T]
>

const eventOf = <T extends NotificationType>(type: T) =>
  z.object({ type: z.literal(type), params: notificationParams[type] })

/** A notification's type and its parameters: what is stored, and what the reader's language renders. */
export const notificationEvent = z.discriminatedUnion('type', [
  eventOf('welcome'),
  eventOf('purchase_paid'),
  eventOf('purchase_failed'),
  eventOf('subscription_renewed'),
  eventOf('subscription_cancelled'),
  eventOf('subscription_resumed'),
  eventOf('credits_low'),
  eventOf('creation_ready'),
  eventOf('batch_completed'),
  eventOf('comment_mention'),
  eventOf('message'),
])
export type NotificationEvent = z.infer<typeof notificationEvent>

const notificationBase = {
  id,
  /**
   * The title and text in English, for scripts and other products that read this endpoint. The web app writes
   * its own from `type` and `params` in the reader's language.
   */
  title: z.string(),
  content: z.string(),
  /** 0 unread, 1 read. */
  check: z.union([z.literal(0), z.literal(1)]),
  createdAt: z.iso.datetime(),
}

export const notification = z.discriminatedUnion('type', [
  eventOf('welcome').extend(notificationBase),
  eventOf('purchase_paid').extend(notificationBase),
  eventOf('purchase_failed').extend(notificationBase),
  eventOf('subscription_renewed').extend(notificationBase),
  eventOf('subscription_cancelled').extend(notificationBase),
  eventOf('subscription_resumed').extend(notificationBase),
  eventOf('credits_low').extend(notificationBase),
  eventOf('creation_ready').extend(notificationBase),
  eventOf('batch_completed').extend(notificationBase),
  eventOf('comment_mention').extend(notificationBase),
  eventOf('message').extend(notificationBase),
])
export type Notification = z.infer<typeof notification>

/** Query of `GET /user/my-notification`; values arrive as strings in the URL. */
export const myNotificationQuery = z.strictObject({
  check: z.enum(['0', '1'], { error: 'check must be 0 (unread) or 1 (read)' }).optional(),
  page,
  pageSize: pageSizeOr(10),
})
export type MyNotificationQuery = z.input<typeof myNotificationQuery>

export const myNotificationData = z.array(notification)

export const markReadBody = z.strictObject({
  id: z.number({ error: 'id must be a number' }).int().positive(),
})
export const markReadData = z.object({ id: z.number().int(), check: z.literal(1), ...resetTokenField })
export const markAllReadData = z.object({ updated: z.number().int().nonnegative(), ...resetTokenField })
