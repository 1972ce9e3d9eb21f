import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { onTestFinished } from 'vitest'

/** A request as the test server saw it. */
export interface SeenRequest {
  method: string
  path: string
  query: Record<string, string>
  headers: IncomingMessage['headers']
  /** The raw body text ('' when none). */
  body: string
  /** Settles when the connection of this request closes (answered, or aborted by the client). */
  closed: Promise<void>
}

export type Handler = (seen: SeenRequest, res: ServerResponse, req: IncomingMessage) => void | Promise<void>

export interface TestServer {
  /** The API base URL to give the client: `http://127.0.0.1:<port>/api`. */
  baseUrl: string
  requests: SeenRequest[]
  /** Resolves once `count` requests have arrived. */
  received(count: number): Promise<void>
}

export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' })
  res.end(JSON.stringify(value))
}

export function deferred<T = void>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

/**
 * A real HTTP server on 127.0.0.1 and a free port, answering under `/api` with `handler`; it is closed
 * (open connections included) when the current test finishes.
 */
export async function startServer(handler: Handler): Promise<TestServer> {
  const requests: SeenRequest[] = []
  const waiters: { count: number; resolve: () => void }[] = []

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const url = new URL(req.url ?? '/', 'http://localhost')
    const closed = deferred()
    res.on('close', () => closed.resolve())
    const seen: SeenRequest = {
      method: req.method ?? '',
      path: url.pathname.replace(/^\/api/, ''),
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
      closed: closed.promise,
    }
    requests.push(seen)
    for (const waiter of waiters.filter((w) => requests.length >= w.count)) waiter.resolve()
    await handler(seen, res, req)
  })

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  onTestFinished(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    requests,
    received(count) {
      if (requests.length >= count) return Promise.resolve()
      const waiter = deferred()
      waiters.push({ count, resolve: waiter.resolve })
      return waiter.promise
    },
  }
}

/** A base URL on a port nothing listens on: a server is opened on a free port and closed again. */
export async function refusedBaseUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return `http://127.0.0.1:${port}/api`
}

/** A signed-in user's answer of `GET /user/my-info`. */
export const someUser = {
  id: 1,
  email: 'ann@example.com',
  name: 'Ann',
  credits: 10,
  subscription: null,
  createdAt: '2026-11-22T00:00:00.000Z',
}
