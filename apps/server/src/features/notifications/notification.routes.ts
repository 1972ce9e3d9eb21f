import type { Handlers } from '../../routes/api'
import type { Notifications } from './notifications'

export function notificationHandlers(
  notifications: Notifications,
): Pick<Handlers, 'myNotification' | 'markNotificationRead' | 'markAllNotificationsRead'> {
  return {
    myNotification: ({ session, query }) => notifications.page(session.userId, query),
    markNotificationRead: async ({ session, body }) => {
      await notifications.markRead(session.userId, body.id)
      return { id: body.id, check: 1 }
    },
    markAllNotificationsRead: async ({ session }) => ({
      updated: await notifications.markAllRead(session.userId),
    }),
  }
}
