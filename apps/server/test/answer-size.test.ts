import { MAX_ISSUES } from '@templet/api/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines, startServer, type TestServer } from './harness'

/** The largest answer any request may get (issue: bounded answers whatever the input). */
const MAX_ANSWER_BYTES = 16 * 1024

describe.each(engines)('answer sizes on %s', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer(engine)
  })
  afterAll(() => s.close())

  /** POSTs `body` as JSON text and returns the answer's bytes and its envelope. */
  async function post(path: string, body: string, token?: string) {
    const res = await fetch(`${s.url}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bucket ${token}` } : {}) },
      body,
    })
    const text = await res.text()
    return { bytes: Buffer.byteLength(text), reply: JSON.parse(text) }
  }

  it('answers a 1 MB body of 90,000 unknown keys with a small 400, not an answer listing every key', async () => {
    const body: Record<string, unknown> = { email: 'ann@example.com', password: 'long enough' }
    for (let i = 0; i < 90_000; i++) body[`k${i.toString(36)}`] = 0
    const text = JSON.stringify(body)
    expect(text.length).toBeGreaterThan(800_000)
    expect(text.length).toBeLessThan(1024 * 1024)
    const { bytes, reply } = await post('/user/register', text)
    expect(bytes).toBeLessThanOrEqual(MAX_ANSWER_BYTES)
    expect(reply).toMatchObject({
      code: 400,
      data: { issues: [{ path: [], code: 'too_big', params: { origin: 'values' } }] },
    })
    expect(reply.msg).toMatch(/^body: /)
  })

  it('lists at most 20 unknown keys and counts the rest', async () => {
    const body: Record<string, unknown> = { email: 'ann@example.com', password: 'long enough' }
    for (let i = 0; i < 500; i++) body[`k${i}`] = i
    const { bytes, reply } = await post('/user/register', JSON.stringify(body))
    expect(bytes).toBeLessThanOrEqual(MAX_ANSWER_BYTES)
    expect(reply.code).toBe(400)
    expect(reply.data.issues).toHaveLength(MAX_ISSUES)
    expect(reply.data.issues[0]).toEqual({ path: ['k0'], code: 'unrecognized_key', params: {} })
    expect(reply.data.omitted).toBe(500 - MAX_ISSUES)
    expect(reply.msg).toMatch(/^k0: Unknown field; k1: Unknown field; .*\(495 more\)$/)
  })

  it('cuts a key of 500,000 characters in the message and the issues', async () => {
    const key = 'x'.repeat(500_000)
    const { bytes, reply } = await post('/user/register', JSON.stringify({ [key]: 1 }))
    expect(bytes).toBeLessThanOrEqual(MAX_ANSWER_BYTES)
    expect(reply.code).toBe(400)
    const unknown = reply.data.issues.find((i: { code: string }) => i.code === 'unrecognized_key')
    expect(unknown.path[0]).toMatch(/^x{63}…$/)
  })

  it('refuses JSON nested deeper than the limit without parsing it', async () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`
    const { bytes, reply } = await post('/user/register', deep)
    expect(bytes).toBeLessThanOrEqual(MAX_ANSWER_BYTES)
    expect(reply).toMatchObject({
      code: 400,
      data: { issues: [{ path: [], code: 'too_big', params: { origin: 'depth' } }] },
    })
  })

  it('bounds a query of 2,000 unknown parameters', async () => {
    const qs = Array.from({ length: 2000 }, (_, i) => `p${i}=1`).join('&')
    const res = await fetch(`${s.url}/api/template/list?page=1&pageSize=10&${qs}`)
    const text = await res.text()
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_ANSWER_BYTES)
    const reply = JSON.parse(text)
    expect(reply.code).toBe(400)
    expect(reply.data.issues).toHaveLength(MAX_ISSUES)
    expect(reply.data.omitted).toBe(2000 - MAX_ISSUES)
  })

  it('bounds the answer to 5,000 bad template values and to an unknown path of 10 kB', async () => {
    const { token } = await s.signUp()
    const values = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`f${i}`, i]))
    const { bytes, reply } = await post('/creation/create', JSON.stringify({ templateId: 1, values }), token)
    expect(bytes).toBeLessThanOrEqual(MAX_ANSWER_BYTES)
    expect(reply.code).toBe(400)
    expect(reply.data.issues.length).toBeLessThanOrEqual(MAX_ISSUES)

    const res = await fetch(`${s.url}/api/${'a'.repeat(10_000)}`)
    const text = await res.text()
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(1024)
    expect(JSON.parse(text).code).toBe(404)
  })
})

describe('a sender of abusive bodies', () => {
  it('waits for its refusal while everyone else is answered', async () => {
    const s = await startServer('sqlite', { ABUSIVE_REFUSAL_DELAY_MS: '60000' })
    try {
      const body = `{${Array.from({ length: 20_000 }, (_, i) => `"k${i}":0`).join(',')}}`
      const abort = new AbortController()
      let settled = false
      const hostile = fetch(`${s.url}/api/user/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal: abort.signal,
      })
        .finally(() => {
          settled = true
        })
        .catch(() => undefined)
      const others = await Promise.all(Array.from({ length: 5 }, () => s.call('GET', '/template-type/list')))
      expect(others.map((r) => r.code)).toEqual([0, 0, 0, 0, 0])
      expect(settled).toBe(false)
      abort.abort()
      await hostile
    } finally {
      await s.close()
    }
  })
})
