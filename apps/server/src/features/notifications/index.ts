import { notificationStream } from '@templet/api/contract'
import type { Hono } from 'hono'
import type { AppEnv } from '../../routes/api'
import type { Sessions } from '../accounts/sessions'
import type { SharedDeps } from '../shared-deps'
import { notificationHandlers } from './notification.routes'
import { mountNotificationStream } from './notification-stream.routes'
import { NotificationStreams } from './notification-streams'
import { Notifications } from './notifications'

/**
 * The notifications feature: the list and its `/api` handlers, and the open streams that tell each signed-in
 * client of a new one (`mount` puts the stream's route on the app, before the registry's).
 */
export function notificationsFeature(s: SharedDeps, d: { sessions: Sessions }) {
  const { config } = s
  const streams = new NotificationStreams({
    db: s.db,
    sessions: d.sessions,
    log: s.log,
    heartbeatMs: config.stream.heartbeatSeconds * 1000,
    perUserLimit: config.stream.perUserLimit,
  })
  return {
    streams,
    handlers: notificationHandlers(new Notifications(s.db.kysely)),
    mount: (app: Hono<AppEnv>) =>
      mountNotificationStream(app, `/api${notificationStream.path}`, { streams, sessions: d.sessions }),
  }
}
