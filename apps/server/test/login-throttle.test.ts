import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines, startServer, type TestServer } from './harness'

let ipSeq = 0
/** Each attempt from its own address unless told otherwise (the server trusts X-Forwarded-For here). */
const newIp = () => `198.51.100.${++ipSeq % 250}`

/** The device cookie's `name=value` from an answer's Set-Cookie. */
function deviceCookie(headers: Headers): string {
  const m = /(templet_device=[^;]+)/.exec(headers.get('set-cookie') ?? '')
  if (!m?.[1]) throw new Error(`no device cookie in ${headers.get('set-cookie')}`)
  return m[1]
}

describe.each(engines)('sign-in throttling on %s', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer(engine, {
      TRUST_PROXY: '1',
      LOGIN_FAILURE_LIMIT: '3',
      LOGIN_SOURCE_FAILURE_LIMIT: '2',
      LOGIN_FAILURE_WINDOW_SECONDS: '900',
    })
  })
  afterAll(() => s.close())

  const login = (email: string, password: string, o: { ip?: string; cookie?: string } = {}) =>
    s.call('POST', '/user/login', {
      headers: { 'x-forwarded-for': o.ip ?? newIp(), ...(o.cookie ? { cookie: o.cookie } : {}) },
      body: { email, password },
    })

  /** A fresh account and the device cookie its registration left in the owner's browser. */
  async function owner() {
    const email = `owner-${Math.random().toString(36).slice(2)}@example.com`
    const password = 'correct horse battery'
    const r = await s.call('POST', '/user/register', {
      headers: { 'x-forwarded-for': newIp() },
      body: { email, password },
    })
    expect(r.code).toBe(0)
    return { email, password, cookie: deviceCookie(r.headers) }
  }

  it('lets the owner sign in from their own browser while strangers’ failures hold back everyone else', async () => {
    const victim = await owner()
    for (let i = 0; i < 3; i++) expect((await login(victim.email, 'guess')).code).toBe(401)
    // The account is now held back for browsers it does not know, the right password included.
    const stranger = await login(victim.email, victim.password)
    expect(stranger).toMatchObject({ code: 429, data: { retryAfterSeconds: 60 } })
    expect(stranger.msg).toBe('Too many failed sign-ins; try again in 1 minute')
    expect(stranger.headers.get('retry-after')).toBe('60')
    // The owner's browser is not.
    const own = await login(victim.email, victim.password, { cookie: victim.cookie })
    expect(own.code).toBe(0)
    // Its cookie comes back, the same device kept.
    expect(deviceCookie(own.headers).split('.')[1]).toBe(victim.cookie.split('.')[1])
  })

  it('holds back one address without slowing the account from another', async () => {
    const victim = await owner()
    const attacker = newIp()
    for (let i = 0; i < 2; i++) expect((await login(victim.email, 'guess', { ip: attacker })).code).toBe(401)
    expect((await login(victim.email, victim.password, { ip: attacker })).code).toBe(429)
    expect((await login(victim.email, victim.password)).code).toBe(0)
  })

  it('makes each further failure wait twice as long, up to 15 minutes, said in minutes', async () => {
    const victim = await owner()
    const ip = newIp()
    for (let i = 0; i < 2; i++) expect((await login(victim.email, 'guess', { ip })).code).toBe(401)
    const waits: number[] = []
    for (let i = 0; i < 6; i++) {
      const refused = await login(victim.email, 'guess', { ip })
      expect(refused.code).toBe(429)
      waits.push(refused.data.retryAfterSeconds)
      s.advance(refused.data.retryAfterSeconds * 1000)
      expect((await login(victim.email, 'guess', { ip })).code).toBe(401)
    }
    expect(waits).toEqual([60, 120, 240, 480, 900, 900])
    const last = await login(victim.email, victim.password, { ip })
    expect(last.msg).toBe('Too many failed sign-ins; try again in 15 minutes')
    // A success clears what that address had counted.
    s.advance(900_000)
    expect((await login(victim.email, victim.password, { ip })).code).toBe(0)
    expect((await login(victim.email, 'guess', { ip })).code).toBe(401)
  })

  it('treats a forged cookie, or another account’s, as an unknown browser', async () => {
    const victim = await owner()
    const other = await owner()
    for (let i = 0; i < 3; i++) expect((await login(victim.email, 'guess')).code).toBe(401)
    const [name, value] = victim.cookie.split('=') as [string, string]
    const [id, device] = value.split('.')
    const forged = `${name}=${id}.${device}.${'A'.repeat(43)}`
    expect((await login(victim.email, victim.password, { cookie: forged })).code).toBe(429)
    expect((await login(victim.email, victim.password, { cookie: other.cookie })).code).toBe(429)
  })

  it('throttles a stolen device cookie by its own count', async () => {
    const victim = await owner()
    const ip = newIp()
    for (let i = 0; i < 2; i++)
      expect((await login(victim.email, 'guess', { ip, cookie: victim.cookie })).code).toBe(401)
    expect((await login(victim.email, victim.password, { ip, cookie: victim.cookie })).code).toBe(429)
  })

  it('answers an unknown email exactly like a known one', async () => {
    const email = `nobody-${Math.random().toString(36).slice(2)}@example.com`
    for (let i = 0; i < 3; i++) expect((await login(email, 'guess')).code).toBe(401)
    expect(await login(email, 'guess')).toMatchObject({ code: 429, data: { retryAfterSeconds: 60 } })
  })

  it('checks no more passwords than the limit when guesses arrive in parallel at two server processes', async () => {
    const victim = await owner()
    const twin = await s.twin()
    try {
      const guesses = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          (i % 2 === 0 ? s : twin).call('POST', '/user/login', {
            headers: { 'x-forwarded-for': newIp() },
            body: { email: victim.email, password: 'guess' },
          }),
        ),
      )
      const codes = guesses.map((g) => g.code)
      expect(codes.filter((c) => c === 401)).toHaveLength(3)
      expect(codes.filter((c) => c === 429)).toHaveLength(9)
      expect((await login(victim.email, victim.password, { cookie: victim.cookie })).code).toBe(0)
    } finally {
      await twin.close()
    }
  })
})
