import http from 'node:http'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines, startServer, type TestServer } from './harness'

/** One keep-alive socket for every request, as browsers and HTTP client libraries reuse connections. */
function keepAliveClient(base: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const send = (method: string, path: string, body?: Buffer | string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
      const req = http.request(`${base}${path}`, { method, agent, headers }, (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (d: string) => {
          text += d
        })
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text, connection: res.headers.connection }),
        )
      })
      req.on('error', reject)
      // The server may answer before reading the whole body; a write after it closed is not our failure.
      req.on('socket', (socket) => socket.on('error', () => {}))
      req.end(body)
    })
  return { send, close: () => agent.destroy() }
}

describe.each(engines)('connections on %s', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer(engine)
  })
  afterAll(() => s.close())

  it('answers the next request on a keep-alive connection after a 413 to an unread body', async () => {
    const client = keepAliveClient(s.url)
    try {
      const big = Buffer.alloc(3 * 1024 * 1024, 'a')
      const refused = await client.send('POST', '/api/user/register', big, {
        'content-type': 'application/json',
        'content-length': String(big.length),
      })
      expect(JSON.parse(refused.body).code).toBe(413)
      for (let i = 0; i < 3; i++) {
        const next = await client.send('GET', '/api/template-type/list')
        expect(JSON.parse(next.body).code).toBe(0)
      }
    } finally {
      client.close()
    }
  })

  it('answers the next request on a keep-alive connection after a 413 to a chunked body', async () => {
    const client = keepAliveClient(s.url)
    try {
      const big = Buffer.alloc(3 * 1024 * 1024, 'a')
      const refused = await client.send('POST', '/api/contact-message', big, {
        'content-type': 'application/json',
        'transfer-encoding': 'chunked',
      })
      expect(JSON.parse(refused.body).code).toBe(413)
      const next = await client.send('GET', '/api/template-type/list')
      expect(JSON.parse(next.body).code).toBe(0)
    } finally {
      client.close()
    }
  })

  it('answers the next request on a keep-alive connection after an early 401 to a request with a body', async () => {
    const client = keepAliveClient(s.url)
    try {
      const body = JSON.stringify({ pad: 'x'.repeat(900_000) })
      const refused = await client.send('POST', '/api/user/logout', body, {
        'content-type': 'application/json',
        authorization: 'Bucket not-a-token',
      })
      expect(JSON.parse(refused.body).code).toBe(401)
      const next = await client.send('GET', '/api/template-type/list')
      expect(JSON.parse(next.body).code).toBe(0)
    } finally {
      client.close()
    }
  })

  it('gives every answer a request id, keeping a sane one the caller sent', async () => {
    const own = await fetch(`${s.url}/api/template-type/list`)
    expect(own.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    const kept = await fetch(`${s.url}/api/template-type/list`, {
      headers: { 'x-request-id': 'lb-1234_abc=' },
    })
    expect(kept.headers.get('x-request-id')).toBe('lb-1234_abc=')
    // Letters, digits, `_`, `-` and `=` (hono's requestId), at most 64 of them.
    for (const bad of ['has spaces\tand tabs', 'lb-1234.abc', 'x'.repeat(65)]) {
      const replaced = await fetch(`${s.url}/healthz`, { headers: { 'x-request-id': bad } })
      expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    }
  })

  it('says it is ready, and while draining says 503 and closes each connection after its answer', async () => {
    const ready = await fetch(`${s.url}/readyz`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({ status: 'ready', db: engine })
    s.lifecycle.draining = true
    try {
      const draining = await fetch(`${s.url}/readyz`)
      expect(draining.status).toBe(503)
      const client = keepAliveClient(s.url)
      const answer = await client.send('GET', '/api/template-type/list')
      client.close()
      expect(JSON.parse(answer.body).code).toBe(0)
      expect(answer.connection).toBe('close')
    } finally {
      s.lifecycle.draining = false
    }
  })

  it('does not report a client that hangs up mid-body as an error', async () => {
    const socket = net.connect(Number(new URL(s.url).port), '127.0.0.1')
    await new Promise((resolve) => socket.once('connect', resolve))
    socket.write(
      'POST /api/contact-message HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":',
    )
    await new Promise((resolve) => setTimeout(resolve, 50))
    socket.destroy()
    await expect.poll(() => s.logged.filter((l) => l.msg === 'request aborted by the client').length).toBe(1)
    expect(s.logged.filter((l) => l.level === 'error')).toEqual([])
    // The server goes on answering.
    expect((await fetch(`${s.url}/readyz`)).status).toBe(200)
  })
})
