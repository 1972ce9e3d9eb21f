import type { Kysely } from 'kysely'
import type { Database, NewNotification, NotificationRow } from './schema'

type Q = Kysely<Database>

export async function insertNotifications(db: Q, rows: NewNotification[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('notifications').values(rows).execute()
}

export interface NotificationFilter {
  userId: number
  /** 0 unread, 1 read, undefined all. */
  checked: 0 | 1 | undefined
}

function filtered(db: Q, f: NotificationFilter) {
  const q = db.selectFrom('notifications').where('user_id', '=', f.userId)
  return f.checked === undefined ? q : q.where('checked', '=', f.checked)
}

export function listNotifications(
  db: Q,
  f: NotificationFilter,
  page: { limit: number; offset: number },
): Promise<NotificationRow[]> {
  return filtered(db, f)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
}

export async function countNotifications(db: Q, f: NotificationFilter): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Marks one of the user's notifications read; false when no such notification belongs to the user. */
export async function markNotificationRead(db: Q, userId: number, id: number): Promise<boolean> {
  const r = await db
    .updateTable('notifications')
    .set({ checked: 1 })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

export async function markAllNotificationsRead(db: Q, userId: number): Promise<number> {
  const r = await db
    .updateTable('notifications')
    .set({ checked: 1 })
    .where('user_id', '=', userId)
    .where('checked', '=', 0)
    .executeTakeFirst()
  return Number(r.numUpdatedRows)
}
