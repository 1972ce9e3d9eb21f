import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines, startServer, type TestServer } from './harness'

let ipSeq = 0
/** Each test speaks from its own address (the server trusts X-Forwarded-For), so limits do not leak across tests. */
const fromNewIp = () => ({ 'x-forwarded-for': `203.0.113.${++ipSeq}` })

describe.each(engines)('abuse limits on %s', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer(engine, {
      TRUST_PROXY: '1',
      REGISTER_LIMIT: '3',
      REGISTER_WINDOW_SECONDS: '600',
      LOGIN_IP_LIMIT: '5',
      LOGIN_IP_WINDOW_SECONDS: '60',
      CONTACT_LIMIT: '2',
    })
  })
  afterAll(() => s.close())

  const register = (
    headers: Record<string, string>,
    email = `u${Math.random().toString(36).slice(2)}@example.com`,
  ) => s.call('POST', '/user/register', { headers, body: { email, password: 'long enough' } })

  it('refuses registrations over the limit per IP with 429, a retry hint and Retry-After, until the window ends', async () => {
    const ip = fromNewIp()
    for (let i = 0; i < 3; i++) expect((await register(ip)).code).toBe(0)
    const refused = await register(ip)
    expect(refused).toMatchObject({ code: 429, data: { retryAfterSeconds: 600 } })
    expect(refused.headers.get('retry-after')).toBe('600')
    expect((await register(fromNewIp())).code).toBe(0)
    s.advance(600_000)
    expect((await register(ip)).code).toBe(0)
  })

  it('refuses sign-ins over the limit per IP with 429', async () => {
    const ip = fromNewIp()
    const { email, password } = await s.signUp()
    for (let i = 0; i < 5; i++) {
      expect((await s.call('POST', '/user/login', { headers: ip, body: { email, password } })).code).toBe(0)
    }
    const refused = await s.call('POST', '/user/login', { headers: ip, body: { email, password } })
    expect(refused).toMatchObject({ code: 429, data: { retryAfterSeconds: 60 } })
    expect(refused.headers.get('retry-after')).toBe('60')
  })

  it('counts parallel registrations from one IP exactly', async () => {
    const ip = fromNewIp()
    const replies = await Promise.all(Array.from({ length: 8 }, () => register(ip)))
    expect(replies.filter((r) => r.code === 0)).toHaveLength(3)
    expect(replies.filter((r) => r.code === 429)).toHaveLength(5)
  })

  it('limits contact-form messages per IP', async () => {
    const ip = fromNewIp()
    const body = { name: 'Ann', email: 'ann@example.com', message: 'Hello, I have a question about plans.' }
    const first = await s.call('POST', '/contact-message', { headers: ip, body })
    expect(first).toMatchObject({ code: 0, data: { id: expect.any(Number) } })
    expect((await s.call('POST', '/contact-message', { headers: ip, body })).code).toBe(0)
    expect((await s.call('POST', '/contact-message', { headers: ip, body })).code).toBe(429)
    const short = await s.call('POST', '/contact-message', {
      headers: fromNewIp(),
      body: { ...body, message: 'hi' },
    })
    expect(short).toMatchObject({ code: 400, msg: 'message: Message must be at least 10 characters' })
  })

  it('answers a JSON body over 1 MB with code 413, with or without Content-Length', async () => {
    const big = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024) })
    const declared = await s.call('POST', '/user/register', { rawBody: big })
    expect(declared).toMatchObject({ code: 413, data: null })
    expect(declared.msg).toMatch(/^body: /)

    const chunks = [new TextEncoder().encode(big)]
    const res = await fetch(`${s.url}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream({
        pull(controller) {
          const next = chunks.shift()
          if (next) controller.enqueue(next)
          else controller.close()
        },
      }),
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ code: 413 })
  })
})

describe.each(engines)('client addresses on %s', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer(engine, { REGISTER_LIMIT: '2' })
  })
  afterAll(() => s.close())

  it('ignores X-Forwarded-For unless TRUST_PROXY=1, so a client cannot dodge the limit by forging it', async () => {
    const codes: number[] = []
    for (let i = 0; i < 3; i++) {
      const r = await s.call('POST', '/user/register', {
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
        body: { email: `forger${i}-${Date.now()}@example.com`, password: 'long enough' },
      })
      codes.push(r.code)
    }
    expect(codes).toEqual([0, 0, 429])
  })
})

describe.each(engines)('internal errors on %s', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer(engine)
  })
  afterAll(() => s.close())

  it('answers an unexpected failure with code 500 and a generic message: no stack trace, no SQL', async () => {
    await sql`drop table contact_messages`.execute(s.db.kysely)
    const res = await fetch(`${s.url}/api/contact-message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ann', email: 'ann@example.com', message: 'Hello there, a question.' }),
    })
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(JSON.parse(text)).toEqual({ code: 500, msg: expect.any(String), data: null })
    expect(text).not.toMatch(/contact_messages|insert|at \w+ \(|\.ts:/i)
  })
})
