import { notificationStream } from '@templet/api'
import { createParser } from 'eventsource-parser'

/** What the reader needs from the app: where, with which token, and what to do with an event. */
export interface NotificationStreamOptions {
  /** The stream's URL (`/api/notification/stream`). */
  url: string
  /** The current session token, read before every connection (it may have been rotated); null stops. */
  token(): string | null
  /** A notification event arrived (its `data` parsed). */
  onNotification(data: unknown): void
  /** A connection opened again after one had been lost: what happened meanwhile may not have been sent. */
  onReconnected?(): void
  /** Ends the reader. */
  signal: AbortSignal
  /** The first pause before connecting again; it doubles per failure up to `maxDelayMs` (with jitter). */
  minDelayMs?: number
  maxDelayMs?: number
  fetch?: typeof fetch
}

interface Envelope {
  code?: number
  data?: { retryAfterSeconds?: number } | null
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    signal.addEventListener('abort', done, { once: true })
  })

/**
 * Reads the live notification stream with fetch, so the token travels in the `Authorization` header (an
 * EventSource can only put it in the URL). Parsing is eventsource-parser's; this adds what the app needs:
 * reconnecting with a growing pause, resuming with `Last-Event-ID`, and stopping for good when the session
 * is refused (401) or signed out. Resolves when it stops.
 */
export async function readNotificationStream(o: NotificationStreamOptions): Promise<void> {
  const min = o.minDelayMs ?? 1000
  const max = o.maxDelayMs ?? 30_000
  const doFetch = o.fetch ?? fetch
  let lastEventId: string | undefined
  let failures = 0
  let opened = false
  while (!o.signal.aborted) {
    const token = o.token()
    if (!token) return
    let wait: number | undefined
    try {
      const res = await doFetch(o.url, {
        headers: {
          accept: 'text/event-stream',
          authorization: `Bucket ${token}`,
          ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
        },
        signal: o.signal,
      })
      if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream') || !res.body) {
        const body = (await res.json().catch(() => null)) as Envelope | null
        // Signed out or the session was ended elsewhere: the next API call takes the user to sign-in.
        if (body?.code === 401) return
        const hint = Number(body?.data?.retryAfterSeconds ?? res.headers.get('retry-after'))
        if (Number.isFinite(hint) && hint > 0) wait = hint * 1000
        failures += 1
      } else {
        if (opened) o.onReconnected?.()
        opened = true
        failures = 0
        const parser = createParser({
          onEvent: (e) => {
            if (e.id) lastEventId = e.id
            if (e.event !== notificationStream.event) return
            try {
              o.onNotification(JSON.parse(e.data))
            } catch {
              // A malformed event changes nothing; the next refresh shows the truth.
            }
          },
        })
        const decoder = new TextDecoder()
        const reader = res.body.getReader()
        for (;;) {
          const { done, value } = await reader.read()
          if (done) break
          parser.feed(decoder.decode(value, { stream: true }))
        }
        // The server ended it (session over, server restarting): connect again soon; a 401 then stops.
      }
    } catch {
      if (o.signal.aborted) return
      failures += 1
    }
    // Jittered, so that the tabs a restarting server dropped do not all come back at the same instant.
    const backoff = Math.min(max, min * 2 ** Math.max(0, failures - 1)) * (0.5 + Math.random() / 2)
    await sleep(wait ?? backoff, o.signal)
  }
}
