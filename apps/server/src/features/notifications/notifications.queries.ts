import { type Kysely, sql } from 'kysely'
import { raiseSignals } from '../../db/live-signal'
import { preparedQuery } from '../../db/prepared'
import type { Database, NewNotification, NotificationRow } from '../../db/schema'

type Q = Kysely<Database>

/**
 * The one write path of notifications. It also raises the live stream's signal for each user in the same
 * transaction (PostgreSQL delivers it at commit), so every open stream of those users, on any process, hears.
 */
export async function insertNotifications(db: Q, rows: NewNotification[]): Promise<void> {
  if (rows.length === 0) return
  const write = async (tx: Q) => {
    await tx.insertInto('notifications').values(rows).execute()
    await raiseSignals(
      tx,
      rows.map((r) => ({ kind: 'notification', userId: Number(r.user_id) })),
    )
  }
  await (db.isTransaction ? write(db) : db.transaction().execute(write))
}

/**
 * Writes a notification of a group (`row.group_key`, unique per user) in one transaction, atomic on both engines
 * and across processes: the group's first event inserts it; a later one takes its place, with the new type,
 * parameters and time, unread again, `group_count` one more, and a fresh id, so that it tops the list and every
 * live stream (which sends the ids it has not sent) hears of it. The upsert serialises concurrent writers on the
 * row (PostgreSQL's row lock; SQLite's writer lock); a PostgreSQL writer that waited retries against the row
 * that took the place of the one it waited for. Returns the group's count.
 */
export async function writeGroupedNotification(
  db: Q,
  row: NewNotification & { group_key: string },
): Promise<number> {
  const write = async (tx: Q) => {
    const { id, group_count } = await tx
      .insertInto('notifications')
      .values({ ...row, group_count: 1 })
      .onConflict((oc) =>
        oc.columns(['user_id', 'group_key']).doUpdateSet({
          type: (eb) => eb.ref('excluded.type'),
          params: (eb) => eb.ref('excluded.params'),
          checked: 0,
          created_at: (eb) => eb.ref('excluded.created_at'),
          group_count: sql<number>`notifications.group_count + 1`,
        }),
      )
      .returning(['id', 'group_count'])
      .executeTakeFirstOrThrow()
    if (Number(group_count) > 1) {
      // The same row under the next id: the key is freed first, for the copy to take it.
      await tx.updateTable('notifications').set({ group_key: null }).where('id', '=', id).execute()
      await tx
        .insertInto('notifications')
        .columns(['user_id', 'type', 'params', 'checked', 'created_at', 'group_key', 'group_count'])
        .expression((eb) =>
          eb
            .selectFrom('notifications')
            .select([
              'user_id',
              'type',
              'params',
              'checked',
              'created_at',
              sql<string>`cast(${row.group_key} as text)`.as('group_key'),
              'group_count',
            ])
            .where('id', '=', id),
        )
        .execute()
      await tx.deleteFrom('notifications').where('id', '=', id).execute()
    }
    await raiseSignals(tx, [{ kind: 'notification', userId: Number(row.user_id) }])
    return Number(group_count)
  }
  return db.isTransaction ? write(db) : db.transaction().execute(write)
}

/** The user's notifications with an id above `afterId`, oldest first (what a stream has not sent yet). */
export function notificationsAfter(db: Q, userId: number, afterId: number, limit: number) {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '>', afterId)
    .orderBy('id', 'asc')
    .limit(limit)
    .execute()
}

/** The id of the user's newest notification (0 when none): where a fresh stream starts. */
export async function latestNotificationId(db: Q, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return Number(row?.id ?? 0)
}

export interface NotificationFilter {
  userId: number
  /** 0 unread, 1 read, undefined all. */
  checked: 0 | 1 | undefined
}

// Prepared in both shapes (all of a user's notifications, or those of one read state): the list and its count
// answer every open of the notification menu.
const listAll = preparedQuery(3, (db, userId: number, limit: number, offset: number) =>
  db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset),
)
const listChecked = preparedQuery(4, (db, userId: number, checked: number, limit: number, offset: number) =>
  db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('checked', '=', checked)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset),
)
const countAll = preparedQuery(1, (db, userId: number) =>
  db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId),
)
const countChecked = preparedQuery(2, (db, userId: number, checked: number) =>
  db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('checked', '=', checked),
)

export function listNotifications(
  db: Q,
  f: NotificationFilter,
  page: { limit: number; offset: number },
): Promise<NotificationRow[]> {
  return f.checked === undefined
    ? listAll.all(db, f.userId, page.limit, page.offset)
    : listChecked.all(db, f.userId, f.checked, page.limit, page.offset)
}

export async function countNotifications(db: Q, f: NotificationFilter): Promise<number> {
  const row =
    f.checked === undefined
      ? await countAll.first(db, f.userId)
      : await countChecked.first(db, f.userId, f.checked)
  return Number(row?.n ?? 0)
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
