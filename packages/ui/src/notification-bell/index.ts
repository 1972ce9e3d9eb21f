export { defaultNotificationLabel, NotificationBell, type NotificationBellProps } from './notification-bell'
