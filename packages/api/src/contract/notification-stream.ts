/**
 * The live notification stream: `GET /api/notification/stream`, server-sent events (text/event-stream) for the
 * caller's new notifications. Authenticated by the `Authorization: Bucket <token>` header like every endpoint
 * (so a fetch-based reader, not EventSource: a token never goes in a URL). Each event is
 * `event: notification`, `id: <notification id>`, `data: <Notification as JSON>`; comment lines keep the
 * connection open. Resume with `Last-Event-ID: <id>`: the caller's notifications after it are sent first.
 * Anything but a stream (not signed in, too many streams, server restarting) is the JSON envelope.
 * The stream ends when the session ends (logout, expiry) and when the server shuts down: reconnect then.
 * Free of zod, so the web app's reader can name it without loading the schemas.
 */
export const notificationStream = {
  path: '/notification/stream',
  event: 'notification',
} as const
