import type { Context } from 'hono'
import type { AppEnv } from './routes/api'

/**
 * While draining for a shutdown, clients are told to reconnect (to another process). An answer sent before
 * the request's body was read (a 413, an early 401) keeps its connection: the server reads the rest of the
 * body after it (server.ts), so the client gets the answer instead of a reset.
 */
export function mustCloseConnection(c: Context<AppEnv>): boolean {
  return c.get('lifecycle')?.draining === true
}

/**
 * An answer with every header it sends: `headers` and the request's own (the security headers and the request
 * id, from app.ts), as one plain object. node-server then writes them as they are; set one by one on a
 * `Headers` (hono's `c.header`, `c.res.headers`), they cost several µs each, a quarter of a simple API read.
 */
export function answer(
  c: Context<AppEnv>,
  body: string | Uint8Array<ArrayBuffer> | null,
  status: number,
  headers: Record<string, string>,
): Response {
  c.set('answered', true)
  const all: Record<string, string> = {
    ...c.get('security')?.all,
    'X-Request-Id': c.get('requestId'),
    ...headers,
  }
  if (mustCloseConnection(c)) all.Connection = 'close'
  return new Response(body, { status, headers: all })
}
