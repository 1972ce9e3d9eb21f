import http from 'node:http'
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
})
