import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { type ServerType, serve } from '@hono/node-server'

export interface ListenOptions {
  fetch: Parameters<typeof serve>[0]['fetch']
  port: number
  hostname: string
  /** Time a client has to send the request's headers (Node's default: 60 s). */
  headersTimeoutMs?: number
  /** Time a client has to send the whole request, body included (Node's default: 300 s). */
  requestTimeoutMs?: number
  /** How long the rest of a body left unread by an early answer is read and dropped (default 30 s). */
  drainMs?: number
  /** How long that reading waits for the client's next byte (default 5 s). */
  drainIdleMs?: number
  /** How long an idle kept-alive connection stays open (Node's default: 5 s). */
  keepAliveMs?: number
}

/**
 * What the server reads and throws away of a body left unread by an answer sent early (a 401 before an
 * upload, a 413): a client is told its answer only if it can finish sending, as nginx's lingering close
 * allows (its lingering_time and lingering_timeout are the defaults of `drainMs` and `drainIdleMs`). Past
 * these bounds the connection is closed.
 */
const DRAIN_MAX_BYTES = 64 * 1024 * 1024
/** After the server's FIN: how long bytes still arriving are read and dropped before the socket is destroyed. */
const LINGER_MS = 5_000

/**
 * Serves `fetch` over HTTP/1.1 on `hostname:port` with the timeouts above and the drain of unread bodies. The
 * one place that starts a server: the process (main.ts), the tests and the benches.
 */
export function listen(o: ListenOptions, onListening?: (info: AddressInfo) => void): ServerType {
  const headersTimeout = o.headersTimeoutMs ?? 20_000
  const requestTimeout = Math.max(o.requestTimeoutMs ?? 120_000, headersTimeout)
  const server = serve(
    {
      fetch: o.fetch,
      port: o.port,
      hostname: o.hostname,
      // node-server's own cleanup drops the connection 500 ms after an early answer, while a client on a slow
      // link is still sending (it then gets EPIPE instead of the answer); drainUnread() below replaces it.
      autoCleanupIncoming: false,
      serverOptions: {
        headersTimeout,
        requestTimeout,
        // How often Node looks for requests past those timeouts (default 30 s, longer than a short timeout).
        connectionsCheckingInterval: Math.min(1000, headersTimeout),
      },
    },
    onListening,
  )
  const drain = { totalMs: o.drainMs ?? 30_000, idleMs: o.drainIdleMs ?? 5_000 }
  // A client reuses a kept-alive connection until the idle time the server announces is nearly up; a client
  // that is slow to send (a busy machine, a proxy pooling connections for 60 s) can write on one the server has
  // just closed and get a reset instead of an answer. A longer idle time than its clients' keeps the close theirs.
  if ('keepAliveTimeout' in server) server.keepAliveTimeout = o.keepAliveMs ?? 65_000
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    res.once('finish', () => {
      if (!req.complete) drainUnread(req, drain)
    })
  })
  return server
}

/**
 * Reads and drops the rest of a request body after its answer was sent, so the client finishes sending and
 * reads the answer; the connection then serves the next request. A client sending more than the bounds allow
 * gets the connection closed the lingering way.
 */
function drainUnread(req: IncomingMessage, bounds: { totalMs: number; idleMs: number }): void {
  const socket = req.socket
  // A body reader (the web stream over the request) would keep buffering what follows: detach it.
  req.removeAllListeners('data')
  let bytes = 0
  const stop = () => {
    clearTimeout(idle)
    clearTimeout(total)
    req.off('data', onData)
  }
  const giveUp = () => {
    stop()
    lingeringClose(socket)
  }
  const onData = (chunk: Buffer) => {
    bytes += chunk.byteLength
    if (bytes > DRAIN_MAX_BYTES) giveUp()
    else idle.refresh()
  }
  const idle = setTimeout(giveUp, bounds.idleMs)
  const total = setTimeout(giveUp, bounds.totalMs)
  req.on('data', onData)
  req.once('end', stop)
  req.once('close', stop)
  req.resume()
}

/**
 * Closes our side (FIN) but goes on reading and dropping what arrives for a while before destroying the socket:
 * closing at once would make the kernel answer the client's next bytes with a reset, which can discard our
 * answer still unread in the client's buffer.
 */
function lingeringClose(socket: Socket): void {
  if (socket.destroyed) return
  socket.end()
  socket.resume()
  const timer = setTimeout(() => socket.destroy(), LINGER_MS)
  timer.unref()
  socket.once('close', () => clearTimeout(timer))
}
