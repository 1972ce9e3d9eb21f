import { createHmac, timingSafeEqual } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backoffMs, RETRY_FOR_MS } from '../src/features/developer/webhooks'
import { engines, startServer, type TestServer } from './harness'
import { developer, plainTemplate, v1 } from './v1-helpers'

/**
 * The verification recipe of the documentation, as a receiver would write it: the raw body, HMAC-SHA256 of
 * "<t>.<body>" with the endpoint's secret, compared in constant time, and `t` within 5 minutes.
 */
function verify(rawBody: string, header: string, secret: string, nowSeconds: number): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]))
  const t = Number(parts.t)
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > 300 || !parts.v1) return false
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest()
  const given = Buffer.from(parts.v1, 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

interface Received {
  headers: http.IncomingHttpHeaders
  body: string
}

/** A receiver on loopback that answers each request with the next status of `statuses` (then 200). */
async function receiver(statuses: number[]) {
  const received: Received[] = []
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => {
      body += c.toString()
    })
    req.on('end', () => {
      received.push({ headers: req.headers, body })
      res.writeHead(statuses.shift() ?? 200, { 'content-type': 'text/plain' }).end('receiver says no')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/templet`
  return { url, received, close: () => new Promise((resolve) => server.close(resolve)) }
}

describe.each(engines)('webhooks on %s', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    // The scheduler is kept out of the way: the test sends each round itself, on the server's clock.
    s = await startServer(
      engine,
      { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_SCHEDULER_SECONDS: '3600' },
      { jobs: true },
    )
  })
  afterAll(() => s.close())

  it('a receiver that fails twice gets the event on the third try, signed as documented', async () => {
    const hook = await receiver([500, 503])
    try {
      const dev = await developer(s)
      const made = await v1(s, 'POST', '/webhook_endpoints', {
        key: dev.key,
        body: { url: hook.url, events: ['render.completed'] },
      })
      expect(made.status).toBe(201)
      expect(made.body.secret).toMatch(/^whsec_/)
      const secret = made.body.secret as string
      const listed = await v1(s, 'GET', '/webhook_endpoints', { key: dev.key })
      expect(listed.body.data[0].secret).toBeUndefined()

      const t = await plainTemplate(s, dev.key)
      const render = await v1(s, 'POST', '/renders', { key: dev.key, body: { template_id: t.id } })
      expect(render.body.status).toBe('completed')

      // The worker sends it once its job has committed (or the next round does).
      for (let i = 0; i < 100 && hook.received.length === 0; i += 1) {
        await s.parts.jobs.tickWebhooks()
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      expect(hook.received).toHaveLength(1)
      // The round that sent it may still be writing down the answer when the receiver has it: a round in
      // progress is shared, so this call waits for it (or finds nothing due).
      await s.parts.jobs.tickWebhooks()
      // Not due again before its backoff.
      expect(await s.parts.jobs.tickWebhooks()).toBe(0)
      s.advance(backoffMs(1))
      await s.parts.jobs.tickWebhooks()
      expect(hook.received).toHaveLength(2)
      s.advance(backoffMs(2))
      await s.parts.jobs.tickWebhooks()
      expect(hook.received).toHaveLength(3)
      s.advance(backoffMs(3))
      expect(await s.parts.jobs.tickWebhooks()).toBe(0)

      const [first, , third] = hook.received as [Received, Received, Received]
      expect(third.body).toBe(first.body)
      expect(third.headers['templet-event-id']).toBe(first.headers['templet-event-id'])
      const event = JSON.parse(third.body)
      expect(event).toMatchObject({
        id: third.headers['templet-event-id'],
        object: 'event',
        type: 'render.completed',
        data: { object: { object: 'render', id: render.body.id, status: 'completed' } },
      })
      const signature = String(third.headers['templet-signature'])
      expect(verify(third.body, signature, secret, Math.floor(s.now() / 1000))).toBe(true)
      expect(verify(`${third.body} `, signature, secret, Math.floor(s.now() / 1000))).toBe(false)
      expect(verify(third.body, signature, 'whsec_other', Math.floor(s.now() / 1000))).toBe(false)

      const log = await v1(s, 'GET', `/webhook_endpoints/${made.body.id}`, { key: dev.key })
      expect(log.body.recent_deliveries[0]).toMatchObject({
        event_type: 'render.completed',
        status: 'delivered',
        attempts: 3,
        last_status: 200,
        next_attempt_at: null,
      })
    } finally {
      await hook.close()
    }
  })

  it('two processes sending at once send each delivery once', async () => {
    const hook = await receiver([])
    const twin = await s.twin({ WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_SCHEDULER_SECONDS: '3600' })
    try {
      const dev = await developer(s)
      const made = await v1(s, 'POST', '/webhook_endpoints', {
        key: dev.key,
        body: { url: hook.url, events: ['render.completed'] },
      })
      for (let i = 0; i < 12; i += 1)
        await v1(s, 'POST', `/webhook_endpoints/${made.body.id}/test`, { key: dev.key })
      // The test events were sent at once by the API process; more rounds find nothing due.
      await Promise.all([s.parts.jobs.tickWebhooks(), twin.parts.jobs.tickWebhooks()])
      for (let i = 0; i < 100 && hook.received.length < 12; i += 1)
        await new Promise((r) => setTimeout(r, 20))
      await Promise.all([s.parts.jobs.tickWebhooks(), twin.parts.jobs.tickWebhooks()])
      const ids = hook.received.map((r) => r.headers['templet-event-id'])
      expect(ids).toHaveLength(12)
      expect(new Set(ids).size).toBe(12)
    } finally {
      await twin.close()
      await hook.close()
    }
  })

  it('queues a test ping sent twice with one Idempotency-Key once', async () => {
    const hook = await receiver([])
    try {
      const dev = await developer(s)
      const made = await v1(s, 'POST', '/webhook_endpoints', {
        key: dev.key,
        body: { url: hook.url, events: ['render.completed'] },
      })
      const ping = () =>
        v1(s, 'POST', `/webhook_endpoints/${made.body.id}/test`, {
          key: dev.key,
          headers: { 'idempotency-key': 'ping-once' },
        })
      const first = await ping()
      const again = await ping()
      expect(first.status).toBe(202)
      expect(again.headers.get('idempotent-replayed')).toBe('true')
      expect(again.body.event_id).toBe(first.body.event_id)
    } finally {
      await hook.close()
    }
  })

  it('gives up after 24 hours of failures', async () => {
    const hook = await receiver(Array(100).fill(500))
    try {
      const dev = await developer(s)
      const made = await v1(s, 'POST', '/webhook_endpoints', {
        key: dev.key,
        body: { url: hook.url, events: ['render.completed'] },
      })
      await v1(s, 'POST', `/webhook_endpoints/${made.body.id}/test`, { key: dev.key })
      const started = s.now()
      let delivery = { status: 'pending', attempts: 0 }
      for (let i = 0; i < 60 && delivery.status === 'pending'; i += 1) {
        await s.parts.jobs.tickWebhooks()
        delivery = (await v1(s, 'GET', `/webhook_endpoints/${made.body.id}`, { key: dev.key })).body
          .recent_deliveries[0]
        s.advance(backoffMs(delivery.attempts))
      }
      expect(delivery.status).toBe('failed')
      expect(hook.received.length).toBe(delivery.attempts)
      expect(s.now() - started).toBeGreaterThan(RETRY_FOR_MS - 3_600_000)
      expect(JSON.parse(hook.received[0]?.body ?? '{}').type).toBe('ping')
    } finally {
      await hook.close()
    }
  })

  it('tells a batch’s end once, and a render’s own webhook_url only when it is one of the account’s endpoints', async () => {
    const hook = await receiver([])
    try {
      const dev = await developer(s)
      const made = await v1(s, 'POST', '/webhook_endpoints', {
        key: dev.key,
        body: { url: hook.url, events: ['batch.completed'] },
      })
      const t = await plainTemplate(s, dev.key)
      const unknown = await v1(s, 'POST', '/renders', {
        key: dev.key,
        body: { template_id: t.id, webhook_url: 'https://example.com/other' },
      })
      expect(unknown.status).toBe(400)
      expect(unknown.body.issues[0].path).toEqual(['webhook_url'])
      // Not subscribed to render events, but named by the render: told about it.
      const own = await v1(s, 'POST', '/renders', {
        key: dev.key,
        body: { template_id: t.id, webhook_url: hook.url },
      })
      expect(own.body.status).toBe('completed')

      const batch = await v1(s, 'POST', '/batches', {
        key: dev.key,
        body: { template_id: t.id, rows: [{ values: {} }, { values: { nope: '1' } }] },
      })
      let types: string[] = []
      for (let i = 0; i < 200 && !types.includes('batch.completed'); i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        await s.parts.jobs.tickWebhooks()
        types = hook.received.map((r) => JSON.parse(r.body).type)
      }
      expect(types.sort()).toEqual(['batch.completed', 'render.completed'])
      const done = hook.received.find((r) => JSON.parse(r.body).type === 'batch.completed')
      expect(JSON.parse(done?.body ?? '{}').data.object).toMatchObject({
        object: 'batch',
        id: batch.body.id,
        completed_rows: 1,
        failed_rows: 1,
        errors: [{ row: 2 }],
      })
      expect((await v1(s, 'DELETE', `/webhook_endpoints/${made.body.id}`, { key: dev.key })).status).toBe(204)
      expect((await v1(s, 'GET', `/webhook_endpoints/${made.body.id}`, { key: dev.key })).status).toBe(404)
    } finally {
      await hook.close()
    }
  })
})

describe('webhook addresses', () => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer('sqlite')
  })
  afterAll(() => s.close())

  it.each([
    'http://127.0.0.1:9/hook',
    'http://localhost:9/hook',
    'http://10.1.2.3/hook',
    'http://[::1]:9/hook',
    'http://[::ffff:192.168.1.1]/hook',
    'http://[::127.0.0.1]/hook',
    'http://[::ffff:0:127.0.0.1]/hook',
    'http://[2002:7f00:1::1]/hook',
    'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/hook',
    'http://169.254.169.254/latest/meta-data',
  ])('refuses %s unless WEBHOOK_ALLOW_PRIVATE=1', async (url) => {
    const dev = await developer(s)
    const r = await v1(s, 'POST', '/webhook_endpoints', {
      key: dev.key,
      body: { url, events: ['render.completed'] },
    })
    expect(r.status).toBe(400)
    expect(r.body.issues).toEqual([{ path: ['url'], code: 'invalid', params: { reason: 'private_address' } }])
  })
})

describe('webhook deliveries', () => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer('sqlite')
  })
  afterAll(() => s.close())

  it('refuse a private address at connection time too (a name that resolves elsewhere since it was saved)', async () => {
    const hook = await receiver([])
    try {
      const dev = await developer(s)
      const [endpoint] = await s.db.kysely
        .insertInto('webhook_endpoints')
        .values({
          user_id: dev.user.id,
          url: hook.url.replace('127.0.0.1', 'localhost'),
          events: 'render.completed',
          secret: 'whsec_test',
          created_at: s.now(),
        })
        .returning('id')
        .execute()
      await v1(s, 'POST', `/webhook_endpoints/${endpoint?.id}/test`, { key: dev.key })
      await s.parts.jobs.tickWebhooks()
      const log = await v1(s, 'GET', `/webhook_endpoints/${endpoint?.id}`, { key: dev.key })
      expect(log.body.recent_deliveries[0]).toMatchObject({
        status: 'pending',
        attempts: 1,
        last_status: null,
      })
      expect(log.body.recent_deliveries[0].last_error).toContain('private address')
      expect(hook.received).toHaveLength(0)
    } finally {
      await hook.close()
    }
  })
})
