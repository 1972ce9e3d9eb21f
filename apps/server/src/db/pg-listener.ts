import type pg from 'pg'

export interface ListenHandlers {
  onPayload(payload: string): void
  /** The connection came back after a drop: signals may have been missed meanwhile. */
  onReconnect(): void
  onError(err: Error): void
}

export interface Listener {
  /** Resolves once the first LISTEN is in place (rejects when the first connection fails). */
  ready: Promise<void>
  close(): Promise<void>
}

const MAX_BACKOFF_MS = 5_000

/**
 * One dedicated connection per process that LISTENs on `channel` (a pooled connection cannot: the pool hands
 * it to queries and LISTEN belongs to a session). When it drops (database restart, admin kill) it reconnects
 * with a growing pause, and says so, so that streams read what they may have missed.
 */
export function listenPostgres(url: string, channel: string, h: ListenHandlers): Listener {
  let client: pg.Client | undefined
  let closed = false
  let attempt = 0
  let timer: NodeJS.Timeout | undefined

  const connect = async (isReconnect: boolean): Promise<void> => {
    // Loaded on first use: a process on SQLite never reads the PostgreSQL driver.
    const { default: driver } = await import('pg')
    const c = new driver.Client({ connectionString: url, application_name: 'templet-listen' })
    c.on('notification', (m) => {
      if (m.channel === channel && m.payload !== undefined) h.onPayload(m.payload)
    })
    c.on('error', (err) => {
      h.onError(err)
      drop(c)
    })
    c.on('end', () => drop(c))
    await c.connect()
    if (closed) {
      await c.end().catch(() => {})
      return
    }
    await c.query(`LISTEN ${driver.escapeIdentifier(channel)}`)
    client = c
    attempt = 0
    if (isReconnect) h.onReconnect()
  }

  const schedule = () => {
    if (closed || timer) return
    const wait = Math.min(MAX_BACKOFF_MS, 100 * 2 ** attempt)
    attempt += 1
    timer = setTimeout(() => {
      timer = undefined
      connect(true).catch((err) => {
        h.onError(err as Error)
        schedule()
      })
    }, wait)
    timer.unref()
  }

  function drop(c: pg.Client) {
    if (client !== c) return
    client = undefined
    c.removeAllListeners('notification')
    c.end().catch(() => {})
    schedule()
  }

  const ready = connect(false)
  // A failed first connection is reported by `ready`; it is retried like a drop.
  ready.catch(() => schedule())
  return {
    ready,
    async close() {
      closed = true
      if (timer) clearTimeout(timer)
      const c = client
      client = undefined
      await c?.end().catch(() => {})
    },
  }
}
