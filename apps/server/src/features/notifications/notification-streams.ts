import type { Notification } from '@templet/api/contract'
import type { Kysely } from 'kysely'
import type { Db } from '../../db/connection'
import { decodeSignal, LIVE_CHANNEL, type LiveSignal, onLocalSignal } from '../../db/live-signal'
import type { Listener } from '../../db/pg-listener'
import type { Database, NotificationRow } from '../../db/schema'
import { errorFields, type Logger } from '../../log'
import type { Sessions } from '../accounts/sessions'
import { toNotification } from './notifications'
import { latestNotificationId, notificationsAfter } from './notifications.queries'

/** What a stream writes to its client; the route adapts Hono's SSE stream to it. */
export interface StreamSink {
  /** One notification event (`id` = the notification's id, so the client resumes with Last-Event-ID). */
  event(n: Notification): Promise<void>
  /** A comment line that keeps the connection (and proxies) from idling out. */
  heartbeat(): Promise<void>
  /** Ends the response; `discard` drops what is still queued (a client that stopped reading never takes it). */
  close(discard: boolean): void
}

export interface OpenStream {
  /** Resolves once the stream knows where it starts: events committed from then on reach it. */
  ready: Promise<void>
  /** Resolves when the stream has ended, for whatever reason. */
  done: Promise<void>
  /** Ends the stream (the client went away, or the server closes it). */
  close(reason: string): void
}

/** Rows read per query; a stream that missed more reads again until it has caught up. */
const BATCH = 100
const SLOW_CLIENT = 'client not reading'
/** Events a stream may have waiting on a client that does not read; past this it is closed (it resumes). */
const MAX_PENDING = 200

interface Stream extends OpenStream {
  userId: number
  token: string
  /** The last notification id sent (or skipped as older than the stream); undefined until the stream starts. */
  lastId: number | undefined
  pending: number
  chain: Promise<void>
  sink: StreamSink
}

interface UserGroup {
  streams: Set<Stream>
  fetching: boolean
  again: boolean
}

export interface NotificationStreamsOptions {
  db: Db
  sessions: Sessions
  log: Logger
  heartbeatMs: number
  perUserLimit: number
}

/**
 * The open notification streams of this process, grouped by user. A signal for a user (see db/live-signal.ts)
 * makes one query for that user's rows above the oldest position among their streams, and each stream sends
 * the rows it has not sent yet. Rows are read by user id only, so no stream ever sees another user's rows.
 */
export class NotificationStreams {
  private readonly users = new Map<number, UserGroup>()
  private readonly kysely: Kysely<Database>
  private listener: Listener | undefined
  private unsubscribe: (() => void) | undefined
  private draining = false
  private starting: Promise<void> | undefined

  constructor(private readonly o: NotificationStreamsOptions) {
    this.kysely = o.db.kysely
  }

  /**
   * Starts hearing signals: PostgreSQL LISTEN on a dedicated connection, else in-process ones. Idempotent; the
   * first stream starts it when nobody did (an app built for a one-off job opens no connection it never closes).
   */
  start(): Promise<void> {
    this.starting ??= this.listen()
    return this.starting
  }

  private async listen(): Promise<void> {
    if (this.draining) return
    const listen = this.o.db.listen
    if (listen) {
      this.listener = listen(LIVE_CHANNEL, {
        onPayload: (p) => {
          const s = decodeSignal(p)
          if (s) this.signal(s)
        },
        onReconnect: () => {
          this.o.log.info('notification listener reconnected')
          for (const userId of this.users.keys()) this.wake(userId)
        },
        onError: (err) => this.o.log.warn('notification listener connection lost', errorFields(err)),
      })
      await this.listener.ready.catch((err) =>
        this.o.log.error('notification listener failed to connect; retrying', errorFields(err)),
      )
    } else {
      this.unsubscribe = onLocalSignal((s) => this.signal(s))
    }
  }

  /** Streams open on this process (all users). */
  get size(): number {
    let n = 0
    for (const g of this.users.values()) n += g.streams.size
    return n
  }

  countOf(userId: number): number {
    return this.users.get(userId)?.streams.size ?? 0
  }

  /** Why a new stream of the user would be refused now, if it would. */
  refusal(userId: number): 'limit' | 'draining' | undefined {
    if (this.draining) return 'draining'
    if ((this.users.get(userId)?.streams.size ?? 0) >= this.o.perUserLimit) return 'limit'
    return undefined
  }

  /**
   * Opens a stream for the session's user. `after` is the Last-Event-ID the client resumes from (its newer
   * rows are replayed); without one the stream starts after the user's newest notification.
   * Returns 'limit' when the user already holds the most streams allowed, 'draining' while shutting down.
   */
  open(
    session: { userId: number; token: string },
    after: number | undefined,
    sink: StreamSink,
  ): OpenStream | 'limit' | 'draining' {
    const refused = this.refusal(session.userId)
    if (refused) return refused
    let group = this.users.get(session.userId)
    if (!group) {
      group = { streams: new Set(), fetching: false, again: false }
      this.users.set(session.userId, group)
    }
    let finish = () => {}
    const done = new Promise<void>((resolve) => {
      finish = resolve
    })
    let timer: NodeJS.Timeout | undefined
    let started = () => {}
    const ready = new Promise<void>((resolve) => {
      started = resolve
    })
    const stream: Stream = {
      userId: session.userId,
      token: session.token,
      lastId: undefined,
      pending: 0,
      chain: Promise.resolve(),
      sink,
      ready,
      done,
      close: (reason) => {
        const g = this.users.get(stream.userId)
        if (!g?.streams.delete(stream)) return
        if (g.streams.size === 0 && !g.fetching) this.users.delete(stream.userId)
        clearInterval(timer)
        this.o.log.debug('notification stream closed', { userId: stream.userId, reason })
        sink.close(reason === SLOW_CLIENT)
        started()
        finish()
      },
    }
    group.streams.add(stream)
    timer = setInterval(() => void this.beat(stream), this.o.heartbeatMs)
    // Joined before reading where to start, so a signal in between is not lost: the wake below reads again.
    const start = this.start().then(() =>
      after === undefined ? latestNotificationId(this.kysely, session.userId) : after,
    )
    start.then(
      (id) => {
        stream.lastId = id
        started()
        this.wake(session.userId)
      },
      (err) => {
        this.o.log.error('notification stream failed to start', errorFields(err))
        stream.close('error')
      },
    )
    return stream
  }

  /** A signal heard from the database or this process. */
  signal(s: LiveSignal): void {
    if (s.kind === 'notification') this.wake(s.userId)
    else for (const stream of this.users.get(s.userId)?.streams ?? []) void this.checkSession(stream)
  }

  /** Sends each of the user's streams the rows it has not sent; one query per round for all of them. */
  private wake(userId: number): void {
    const group = this.users.get(userId)
    if (!group) return
    if (group.fetching) {
      group.again = true
      return
    }
    group.fetching = true
    void (async () => {
      try {
        do {
          group.again = false
          const started = [...group.streams].filter((s) => s.lastId !== undefined)
          if (started.length === 0) break
          const from = Math.min(...started.map((s) => s.lastId as number))
          const rows = await notificationsAfter(this.kysely, userId, from, BATCH)
          for (const s of started) this.deliver(s, rows)
          if (rows.length === BATCH) group.again = true
        } while (group.again)
      } catch (err) {
        this.o.log.error('notification stream read failed', errorFields(err))
      } finally {
        group.fetching = false
        if (group.streams.size === 0 && this.users.get(userId) === group) this.users.delete(userId)
      }
    })()
  }

  private deliver(s: Stream, rows: NotificationRow[]): void {
    for (const row of rows) {
      if (s.lastId === undefined || row.id <= s.lastId) continue
      s.lastId = row.id
      if (s.pending >= MAX_PENDING) {
        s.close(SLOW_CLIENT)
        return
      }
      const n = toNotification(row)
      this.enqueue(s, () => s.sink.event(n))
    }
  }

  /** Writes in order, one at a time; a failed write ends the stream (the client resumes from its last id). */
  private enqueue(s: Stream, write: () => Promise<void>): void {
    s.pending += 1
    s.chain = s.chain
      .then(write)
      .then(() => {
        s.pending -= 1
      })
      .catch(() => s.close('write failed'))
  }

  private async beat(s: Stream): Promise<void> {
    if (s.pending < MAX_PENDING) this.enqueue(s, () => s.sink.heartbeat())
    await this.checkSession(s)
  }

  /** Closes the stream when its token no longer opens a session (logged out, expired, rotated past grace). */
  private async checkSession(s: Stream): Promise<void> {
    try {
      if (!(await this.o.sessions.authenticate(s.token))) s.close('session ended')
    } catch (err) {
      this.o.log.warn('notification stream session check failed', errorFields(err))
    }
  }

  /** Shutdown: refuses new streams and ends every open one (clients reconnect, to another process). */
  async close(): Promise<void> {
    this.draining = true
    for (const g of [...this.users.values()]) for (const s of [...g.streams]) s.close('server shutting down')
    this.unsubscribe?.()
    await this.listener?.close()
  }
}
