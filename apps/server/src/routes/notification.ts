import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'
import { markAllRead, markRead, notificationPage } from '../services/notifications'
import type { Handlers } from './api'

export function notificationHandlers(
  db: Kysely<Database>,
): Pick<Handlers, 'myNotification' | 'markNotificationRead' | 'markAllNotificationsRead'> {
  return {
    myNotification: ({ session, query }) => notificationPage(db, session.userId, query),
    markNotificationRead: async ({ session, body }) => {
      await markRead(db, session.userId, body.id)
      return { id: body.id, check: 1 }
    },
    markAllNotificationsRead: async ({ session }) => ({ updated: await markAllRead(db, session.userId) }),
  }
}
