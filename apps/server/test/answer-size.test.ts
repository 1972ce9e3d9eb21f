import { MAX_ISSUES } from '@templet/api/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines, startServer, type TestServer } from './harness'
import { developer, plainTemplate, webhookReceiver } from './v1-helpers'

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

describe.each(engines)('answer sizes of the developer API and of batches on %s', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    // The worker finishes a batch and raises its webhook; the test sends each round of deliveries itself.
    s = await startServer(
      engine,
      { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_SCHEDULER_SECONDS: '3600' },
      { jobs: true },
    )
  })
  afterAll(() => s.close())

  /** Calls `/v1` with the key and returns the answer's bytes and its body. */
  async function v1Sized(method: 'GET' | 'POST', path: string, key: string, body?: unknown) {
    const res = await fetch(`${s.url}/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    return { status: res.status, bytes: Buffer.byteLength(text), body: JSON.parse(text) }
  }

  it('answers 9,000 unknown keys on a render with the first 20 and the count of the rest', async () => {
    const dev = await developer(s)
    const t = await plainTemplate(s, dev.key)
    const body: Record<string, unknown> = { template_id: t.id }
    for (let i = 0; i < 9000; i++) body[`unknown_key_number_${i}`] = 1
    const r = await v1Sized('POST', '/renders', dev.key, body)
    expect(r.status).toBe(400)
    expect(r.bytes).toBeLessThanOrEqual(MAX_ANSWER_BYTES)
    expect(r.body.issues).toHaveLength(MAX_ISSUES)
    expect(r.body.issues[0]).toEqual({ path: ['unknown_key_number_0'], code: 'unrecognized_key', params: {} })
    expect(r.body.omitted).toBe(9000 - MAX_ISSUES)
  })

  it('lists the first failed rows of an 800-row batch and counts the rest, on create, on each read, in the app and in its webhook', async () => {
    const dev = await developer(s)
    await s.db.kysely
      .insertInto('credit_ledger')
      .values({
        user_id: dev.user.id,
        delta: 800,
        reason: 'test',
        idempotency_key: null,
        created_at: s.now(),
      })
      .execute()
    const hook = await webhookReceiver()
    try {
      const endpoint = await v1Sized('POST', '/webhook_endpoints', dev.key, {
        url: hook.url,
        events: ['batch.completed'],
      })
      expect(endpoint.status).toBe(201)
      const t = await plainTemplate(s, dev.key)
      // Every row names 25 fields the template does not have.
      const values = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`no_such_field_${i}`, 'x']))
      const rows = Array.from({ length: 800 }, () => ({ values }))
      const made = await v1Sized('POST', '/batches', dev.key, { template_id: t.id, rows })
      expect(made.status).toBe(202)
      const read = await v1Sized('GET', `/batches/${made.body.id}`, dev.key)
      for (const answer of [made, read]) {
        expect(answer.bytes).toBeLessThanOrEqual(MAX_ANSWER_BYTES)
        expect(answer.body).toMatchObject({ status: 'completed', failed_rows: 800 })
        const listed = answer.body.errors.length
        expect(listed).toBeGreaterThan(0)
        expect(listed).toBeLessThanOrEqual(MAX_ISSUES)
        expect(answer.body.errors[0]).toMatchObject({ row: 1, omitted: 25 - MAX_ISSUES })
        expect(answer.body.errors[0].issues).toHaveLength(MAX_ISSUES)
        expect(answer.body.errors_omitted).toBe(800 - listed)
      }

      const detail = await fetch(`${s.url}/api/batch/detail?id=${made.body.id}`, {
        headers: { authorization: `Bucket ${dev.token}` },
      })
      const text = await detail.text()
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_ANSWER_BYTES)
      const app = JSON.parse(text).data
      expect(app.errors[0]).toMatchObject({ row: 1, omitted: 25 - MAX_ISSUES })
      expect(app.errorsOmitted).toBe(800 - app.errors.length)

      for (let i = 0; i < 100 && hook.bodies.length === 0; i += 1) {
        await s.parts.jobs.tickWebhooks()
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      expect(hook.bodies).toHaveLength(1)
      expect(Buffer.byteLength(hook.bodies[0] ?? '')).toBeLessThanOrEqual(MAX_ANSWER_BYTES)
      expect(JSON.parse(hook.bodies[0] ?? '{}').data.object.errors_omitted).toBeGreaterThan(700)
    } finally {
      await hook.close()
    }
  })

  it('bounds the refusal of a template document of 5,000 unknown keys and 40 bad layers', async () => {
    const { token } = await s.signUp()
    const list = await s.call('GET', '/template/list', { query: { pageSize: 1 } })
    const doc = (await s.call('GET', '/template/document', { token, query: { id: list.data[0].id } })).data
      .document
    const layer = (doc.layers as Array<Record<string, unknown>>)[0]
    const unknown = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`${'k'.repeat(60)}${i}`, 1]))
    const layers = [
      { ...layer, ...unknown },
      ...Array.from({ length: 40 }, (_, i) => ({ ...layer, id: `bad-${i}`, opacity: 3 })),
    ]
    const res = await fetch(`${s.url}/api/template/save`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bucket ${token}` },
      body: JSON.stringify({ name: 'Broken', document: { ...doc, layers } }),
    })
    const text = await res.text()
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_ANSWER_BYTES)
    const reply = JSON.parse(text)
    expect(reply.code).toBe(400)
    expect(reply.data.issues).toHaveLength(MAX_ISSUES)
    expect(reply.data.omitted).toBeGreaterThanOrEqual(21)
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
