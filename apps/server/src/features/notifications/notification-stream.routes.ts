import { Code, type IssuesData, notificationStream } from '@templet/api/contract'
import type { Context, Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import { type AppEnv, bearerToken, reply } from '../../routes/api'
import type { Sessions } from '../accounts/sessions'
import type { NotificationStreams } from './notification-streams'

/** How long a client over its stream limit is told to wait before trying again. */
const LIMIT_RETRY_SECONDS = 30

/** `GET /api/notification/stream`: the caller's new notifications as server-sent events (see the contract). */
export function mountNotificationStream(
  app: Hono<AppEnv>,
  path: string,
  deps: { streams: NotificationStreams; sessions: Sessions },
): void {
  app.get(path, async (c) => {
    const token = bearerToken(c)
    if (token === undefined)
      return reply(c, { code: Code.unauthorized, msg: 'Sign in to continue', data: null })
    const session = await deps.sessions.authenticate(token)
    if (!session)
      return reply(c, {
        code: Code.unauthorized,
        msg: 'Your session has expired; sign in again',
        data: null,
      })
    const resume = c.req.header('last-event-id')
    if (resume !== undefined && !/^\d{1,15}$/.test(resume.trim()))
      return reply(c, {
        code: Code.invalidInput,
        msg: 'Last-Event-ID: Send a notification id',
        data: {
          issues: [
            { path: ['Last-Event-ID'], code: 'invalid_format', params: { format: 'notification_id' } },
          ],
        } satisfies IssuesData,
      })
    const after = resume === undefined ? undefined : Number(resume.trim())
    return openStream(c, deps.streams, { userId: session.userId, token }, after)
  })
}

function openStream(
  c: Context<AppEnv>,
  streams: NotificationStreams,
  session: { userId: number; token: string },
  after: number | undefined,
) {
  // Checked before the stream begins, so that a refusal is an envelope; `open` below runs in the same tick.
  const refused = streams.refusal(session.userId)
  if (refused === 'limit')
    return reply(c, {
      code: Code.tooManyRequests,
      msg: 'Too many open notification streams; close a tab or try again later',
      data: { retryAfterSeconds: LIMIT_RETRY_SECONDS },
    })
  if (refused === 'draining') {
    c.header('Retry-After', '1')
    c.header('Cache-Control', 'no-store')
    return c.json({ code: Code.internal, msg: 'The server is restarting; connect again', data: null }, 503)
  }
  // Proxies that buffer answers (nginx) would hold events back. (streamSSE sets `Cache-Control: no-cache`.)
  c.header('X-Accel-Buffering', 'no')
  return streamSSE(c, async (sse) => {
    const opened = streams.open(session, after, {
      event: (n) =>
        sse.writeSSE({ event: notificationStream.event, id: String(n.id), data: JSON.stringify(n) }),
      heartbeat: async () => {
        await sse.write(': ping\n\n')
      },
      // close() sends what is queued first. A client that stopped reading would never take it: drop the queue
      // and the socket (node-server hands the Node response over as `c.env.outgoing`).
      close: (discard) => {
        if (!discard) return void sse.close()
        sse.abort()
        ;(c.env as { outgoing?: { destroy(): void } } | undefined)?.outgoing?.destroy()
      },
    })
    if (typeof opened === 'string') return
    const end = () => opened.close('client went away')
    // node-server cancels the body when the socket closes; the request's signal is the second witness.
    sse.onAbort(end)
    c.req.raw.signal.addEventListener('abort', end, { once: true })
    await opened.ready
    // The first bytes: the client knows the stream is live (and proxies pass the headers on).
    await sse.write(': open\n\n')
    await opened.done
  })
}
