/** A server-sent event as the stream sent it. */
export interface SseEvent {
  event: string
  id: string | undefined
  data: string
}

/** A notification stream held by a test (or the bench): what arrived, and ways to wait for more. */
export interface HeldStream {
  status: number
  contentType: string
  events: SseEvent[]
  /** Comment lines (`: ping`), without the colon. */
  comments: string[]
  /** Resolves when the server ends the response (or the connection drops). */
  ended: Promise<void>
  isEnded(): boolean
  /**
   * Resolves once `n` events have arrived; rejects after `ms` (10 s by default: long enough for a busy machine,
   * as these wait for an event to come at all; how soon is for bench/stream.bench.ts).
   */
  waitForEvents(n: number, ms?: number): Promise<SseEvent[]>
  waitForComment(text: string, ms?: number): Promise<void>
  /** The client goes away (aborts the request). */
  close(): void
}

/** Parses an SSE body as it arrives (the WHATWG rules the stream uses: `field: value` lines, blank line ends). */
function parser(onEvent: (e: SseEvent) => void, onComment: (c: string) => void) {
  let buffer = ''
  let event = { event: 'message', id: undefined as string | undefined, data: [] as string[] }
  return (chunk: string) => {
    buffer += chunk
    for (;;) {
      const nl = buffer.search(/\r\n|\r|\n/)
      if (nl < 0) return
      const line = buffer.slice(0, nl)
      buffer = buffer.slice(nl + (buffer.startsWith('\r\n', nl) ? 2 : 1))
      if (line === '') {
        if (event.data.length > 0 || event.id !== undefined)
          onEvent({ event: event.event, id: event.id, data: event.data.join('\n') })
        event = { event: 'message', id: undefined, data: [] }
      } else if (line.startsWith(':')) onComment(line.slice(1).trim())
      else {
        const colon = line.indexOf(':')
        const field = colon < 0 ? line : line.slice(0, colon)
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
        if (field === 'event') event.event = value
        else if (field === 'id') event.id = value
        else if (field === 'data') event.data.push(value)
      }
    }
  }
}

/**
 * Opens `GET /api/notification/stream` with the token in the header, as the web app does. Resolves once the
 * answer's headers are in and, for a stream, its opening comment (the server then hears every new event).
 */
export async function holdStream(
  baseUrl: string,
  token: string | undefined,
  o: { lastEventId?: string; headers?: Record<string, string> } = {},
): Promise<HeldStream> {
  const controller = new AbortController()
  const res = await fetch(`${baseUrl}/api/notification/stream`, {
    headers: {
      accept: 'text/event-stream',
      ...(token ? { authorization: `Bucket ${token}` } : {}),
      ...(o.lastEventId !== undefined ? { 'last-event-id': o.lastEventId } : {}),
      ...o.headers,
    },
    signal: controller.signal,
  })
  const events: SseEvent[] = []
  const comments: string[] = []
  const waiters = new Set<() => void>()
  const poke = () => {
    for (const w of [...waiters]) w()
  }
  let ended = false
  const feed = parser(
    (e) => {
      events.push(e)
      poke()
    },
    (c) => {
      comments.push(c)
      poke()
    },
  )
  const contentType = res.headers.get('content-type') ?? ''
  const done = (async () => {
    if (!res.body) return
    const decoder = new TextDecoder()
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
        feed(decoder.decode(chunk, { stream: true }))
    } catch {
      // Aborted by the test, or the connection dropped: both end the stream.
    } finally {
      ended = true
      poke()
    }
  })()
  const until = (test: () => boolean, ms: number, what: string) =>
    new Promise<void>((resolve, reject) => {
      if (test()) return resolve()
      const timer = setTimeout(() => {
        waiters.delete(check)
        reject(new Error(`timed out after ${ms} ms waiting for ${what}`))
      }, ms)
      const check = () => {
        if (!test()) return
        clearTimeout(timer)
        waiters.delete(check)
        resolve()
      }
      waiters.add(check)
    })
  const held: HeldStream = {
    status: res.status,
    contentType,
    events,
    comments,
    ended: done,
    isEnded: () => ended,
    async waitForEvents(n, ms = 10_000) {
      await until(() => events.length >= n, ms, `${n} event(s), got ${events.length}`)
      return events.slice(0, n)
    },
    waitForComment: (text, ms = 10_000) => until(() => comments.includes(text), ms, `comment "${text}"`),
    close: () => controller.abort(),
  }
  if (contentType.startsWith('text/event-stream')) await held.waitForComment('open', 10_000)
  return held
}

/** The JSON envelope of an answer that is not a stream. */
export async function refusal(
  baseUrl: string,
  token: string | undefined,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${baseUrl}/api/notification/stream`, {
    headers: { ...(token ? { authorization: `Bucket ${token}` } : {}), ...headers },
  })
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? '',
    retryAfter: res.headers.get('retry-after'),
    // biome-ignore lint/suspicious/noExplicitAny: the assertions read the reply
    body: (await res.json()) as { code: number; msg: string; data: any },
  }
}
