import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer, testEnv } from './harness'
import { form, solidImage } from './media/images'
import { type ServerProcess, startProcess } from './process'

/**
 * Answers sent before the request's body is read (a bad token, a file over the limit) must reach Node's fetch,
 * which goes on sending the body: the server reads the rest instead of closing under the client (EPIPE).
 * The behaviour is the HTTP layer's, the same on either database; the server is a process of its own, as
 * in production (in one process, the client's writes and the server's answer take turns on one event loop).
 */
describe('answers sent before the body is read', () => {
  let s: ServerProcess
  let dataDir: string
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'templet-early-'))
    s = await startProcess({
      ...testEnv(),
      // startProcess waits for the "listening" line.
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      // What is asserted is that a client sending its whole body gets the answer, however slowly a busy
      // machine lets this test send it: the drain's bounds are not what is tested here.
      DRAIN_SECONDS: '600',
      DRAIN_IDLE_SECONDS: '120',
    })
  }, 120_000)
  afterAll(async () => {
    await s.stop('SIGKILL')
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  async function signUp(): Promise<string> {
    const res = await fetch(`${s.url}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `early-${Date.now()}@example.com`, password: 'long enough' }),
    })
    return ((await res.json()) as { data: { token: string } }).data.token
  }

  /** Every upload's envelope code, or the error fetch threw instead of an answer. */
  async function upload(f: FormData, token: string) {
    try {
      const res = await fetch(`${s.url}/api/upload/image`, {
        method: 'POST',
        headers: { authorization: `Bucket ${token}` },
        body: f,
      })
      return ((await res.json()) as { code: number }).code
    } catch (err) {
      const cause = (err as { cause?: { code?: string } }).cause
      return cause?.code ?? String(err)
    }
  }

  it('gives 20 uploads of 4 MB with a bad token their 401 envelope', async () => {
    const image = Buffer.concat([await solidImage('png'), Buffer.alloc(4 * 1024 * 1024)])
    const codes = await Promise.all(
      Array.from({ length: 20 }, () => upload(form(image, 'a.png', 'image/png'), 'not-a-token')),
    )
    expect(codes).toEqual(Array(20).fill(401))
  }, 300_000)

  it('gives 5 uploads over 10 MB their 413 envelope', async () => {
    const token = await signUp()
    const big = Buffer.concat([await solidImage('png'), Buffer.alloc(12 * 1024 * 1024)])
    const codes = await Promise.all(
      Array.from({ length: 5 }, () => upload(form(big, 'big.png', 'image/png'), token)),
    )
    expect(codes).toEqual(Array(5).fill(413))
  }, 300_000)

  it('gives a JSON body refused half-way (too many values) its 400, and serves the next request on the connection', async () => {
    const body = `{${Array.from({ length: 60_000 }, (_, i) => `"k${i}":0`).join(',')}}`
    const first = await fetch(`${s.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    expect(((await first.json()) as { code: number }).code).toBe(400)
    const next = await fetch(`${s.url}/api/template-type/list`)
    expect(((await next.json()) as { code: number }).code).toBe(0)
  })
})

describe('slow clients', () => {
  let s: TestServer
  /** The same server with the default timeouts (20 s for headers, 120 s for a request). */
  let usual: TestServer
  beforeAll(async () => {
    s = await startServer('sqlite', { HEADERS_TIMEOUT_SECONDS: '1', REQUEST_TIMEOUT_SECONDS: '2' })
    usual = await startServer('sqlite')
  })
  afterAll(async () => {
    await s.close()
    await usual.close()
  })

  /**
   * A client of `server` that sends `start`, then `drip` every 300 ms and never finishes its request. `closed`
   * resolves with what the server answered once it closes the connection.
   */
  function trickle(server: TestServer, start: string, drip: string) {
    const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1')
    socket.write(start)
    let open = true
    const closed = new Promise<string>((resolve) => {
      let got = ''
      socket.on('data', (d) => {
        got += d.toString()
      })
      const dripping = setInterval(() => socket.writable && socket.write(drip), 300)
      socket.on('close', () => {
        open = false
        clearInterval(dripping)
        resolve(got)
      })
    })
    return { closed, isOpen: () => open, end: () => socket.destroy() }
  }

  // How soon is a matter of the settings; what is asserted is that the setting, not the default, cuts the
  // client off: the server with the defaults still has the same client, started first, when it happens.
  it('closes a connection whose headers trickle in past HEADERS_TIMEOUT_SECONDS', async () => {
    const head = 'GET /healthz HTTP/1.1\r\nHost: x\r\n'
    const kept = trickle(usual, head, 'X-Slow: 1\r\n')
    const cut = trickle(s, head, 'X-Slow: 1\r\n')
    expect(await cut.closed).toMatch(/^HTTP\/1\.1 408/)
    expect(kept.isOpen()).toBe(true)
    kept.end()
  })

  it('closes a connection whose body trickles in past REQUEST_TIMEOUT_SECONDS', async () => {
    const head =
      'POST /api/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{'
    const kept = trickle(usual, head, ' ')
    const cut = trickle(s, head, ' ')
    expect(await cut.closed).toMatch(/^HTTP\/1\.1 408/)
    expect(kept.isOpen()).toBe(true)
    kept.end()
  })

  it('keeps an idle connection open for KEEP_ALIVE_SECONDS (65 by default), and says so', async () => {
    /** The Keep-Alive header of an answer to a request on a connection of its own. */
    const keepAlive = (server: TestServer) =>
      new Promise<string | undefined>((resolve, reject) => {
        const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1')
        let got = ''
        socket.on('data', (d) => {
          got += d.toString()
          if (!got.includes('\r\n\r\n')) return
          socket.destroy()
          resolve(/^keep-alive: (.*)$/im.exec(got)?.[1]?.trim())
        })
        socket.on('error', reject)
        socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n')
      })
    expect(await keepAlive(usual)).toBe('timeout=65')
    const brief = await startServer('sqlite', { KEEP_ALIVE_SECONDS: '7' })
    try {
      expect(await keepAlive(brief)).toBe('timeout=7')
    } finally {
      await brief.close()
    }
  })

  it('closes a connection whose refused body stops arriving for DRAIN_IDLE_SECONDS, after its answer', async () => {
    const quick = await startServer('sqlite', { DRAIN_IDLE_SECONDS: '1' })
    const patient = await startServer('sqlite', { DRAIN_IDLE_SECONDS: '600' })
    try {
      // An upload with a bad token: answered before its body is read; then a part of the body, then nothing.
      const head = `POST /api/upload/image HTTP/1.1\r\nHost: x\r\nAuthorization: Bucket not-a-token\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 10000000\r\n\r\n--b\r\n${'x'.repeat(64 * 1024)}`
      const kept = trickle(patient, head, '')
      const cut = trickle(quick, head, '')
      expect(await cut.closed).toMatch(/^HTTP\/1\.1 200[\s\S]*"code":401/)
      expect(kept.isOpen()).toBe(true)
      kept.end()
    } finally {
      await quick.close()
      await patient.close()
    }
  })
})
