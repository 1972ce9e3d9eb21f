import type { Context } from 'hono'
import type { AppEnv } from './app-env'

function hasBody(req: Request): boolean {
  const length = req.headers.get('content-length')
  return length === null ? req.headers.has('transfer-encoding') : length !== '0'
}

/**
 * An answer sent before the request's body was read (a 413, an early 401) must not keep the connection:
 * node-server drains the rest for 500 ms and then drops the socket under the client's next request. While
 * draining for a shutdown, clients are told to reconnect (to another process).
 */
export function mustCloseConnection(c: Context<AppEnv>): boolean {
  return c.get('lifecycle')?.draining === true || (hasBody(c.req.raw) && !c.req.raw.bodyUsed)
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
  o: { closeConnection?: boolean } = {},
): Response {
  c.set('answered', true)
  const all: Record<string, string> = {
    ...c.get('security')?.all,
    'X-Request-Id': c.get('requestId'),
    ...headers,
  }
  if (o.closeConnection || mustCloseConnection(c)) all.Connection = 'close'
  return new Response(body, { status, headers: all })
}
