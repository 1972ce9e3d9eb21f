import { z } from 'zod'
import { resetTokenField } from './envelope'

export const notificationType = z.enum([
  'welcome',
  'purchase_paid',
  'purchase_failed',
  'subscription_renewed',
  'subscription_cancelled',
  'credits_low',
  'creation_ready',
])

export const notification = z.object({
  id: z.number().int().positive(),
  type: notificationType,
  title: z.string(),
  content: z.string(),
  /** 0 unread, 1 read. */
  check: z.union([z.literal(0), z.literal(1)]),
  createdAt: z.iso.datetime(),
})
export type Notification = z.infer<typeof notification>

/** Query of `GET /user/my-notification`; values arrive as strings in the URL. */
export const myNotificationQuery = z.strictObject({
  check: z.enum(['0', '1'], { error: 'check must be 0 (unread) or 1 (read)' }).optional(),
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int()
    .min(1, { error: 'page must be at least 1' })
    .default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int()
    .min(1, { error: 'pageSize must be between 1 and 100' })
    .max(100, { error: 'pageSize must be between 1 and 100' })
    .default(10),
})
export type MyNotificationQuery = z.input<typeof myNotificationQuery>

export const myNotificationData = z.array(notification)

export const markReadBody = z.strictObject({
  id: z.number({ error: 'id must be a number' }).int().positive(),
})
export const markReadData = z.object({ id: z.number().int(), check: z.literal(1), ...resetTokenField })
export const markAllReadData = z.object({ updated: z.number().int().nonnegative(), ...resetTokenField })
