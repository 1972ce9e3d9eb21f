import type { AddressInfo } from 'node:net'
import os from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listen } from '../src/server'
import { defaultRenderer } from '../src/services/renderer'
import { engines, startServer, type TestServer } from './harness'
import { developer, plainTemplate, v1 } from './v1-helpers'

describe.each(engines)('/metrics on %s', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer(engine, { METRICS_TOKEN: 'metrics-token-for-tests' }, { jobs: true })
  })
  afterAll(() => s.close())

  const scrape = async () => {
    const res = await fetch(`${s.url}/metrics`, {
      headers: { authorization: 'Bearer metrics-token-for-tests' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/plain')
    return res.text()
  }

  it('reports request latency by route pattern, render time, queue depth and Node’s own figures', async () => {
    const dev = await developer(s)
    const t = await plainTemplate(s, dev.key)
    const r = await v1(s, 'POST', '/renders', { key: dev.key, body: { template_id: t.id } })
    await v1(s, 'GET', `/renders/${r.body.id}`, { key: dev.key })
    const text = await scrape()
    expect(text).toMatch(
      /templet_http_request_duration_seconds_count\{method="GET",route="\/v1\/renders\/:id",status="200"\} 1/,
    )
    expect(text).toMatch(
      /templet_http_request_duration_seconds_count\{method="POST",route="\/v1\/renders",status="201"\} 1/,
    )
    expect(text).toMatch(/templet_render_duration_seconds_count\{format="png\+jpeg\+webp\+thumb"\} 1/)
    expect(text).toMatch(/templet_queue_jobs\{queue="render",state="waiting"\} 0/)
    expect(text).toMatch(/templet_queue_oldest_waiting_seconds\{queue="render"\} 0/)
    expect(text).toMatch(/templet_queue_oldest_active_seconds\{queue="render"\} 0/)
    expect(text).toContain('nodejs_eventloop_lag_seconds')
    expect(text).toContain('# TYPE templet_webhook_deliveries_total counter')
  })

  it('asks for the token when one is set', async () => {
    expect((await fetch(`${s.url}/metrics`)).status).toBe(401)
    expect((await fetch(`${s.url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401)
  })
})

/** This machine's first address that is not loopback, if it has one. */
const outsideAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address

describe.each(engines)('/metrics without METRICS_TOKEN on %s', (engine) => {
  let s: TestServer
  /** Released to let the render that is running finish. */
  let release = () => {}
  beforeAll(async () => {
    // A renderer that waits to be released: its job stays running as long as the test wants.
    s = await startServer(
      engine,
      {},
      {
        jobs: true,
        media: {
          renderer: {
            ...defaultRenderer,
            render: async (...args) => {
              await new Promise<void>((resolve) => {
                release = resolve
              })
              return defaultRenderer.render(...args)
            },
          },
        },
      },
    )
  })
  afterAll(async () => {
    release()
    await s.close()
  })

  it('answers a scraper on this machine, and not a request a proxy forwarded', async () => {
    const local = await fetch(`${s.url}/metrics`)
    expect(local.status).toBe(200)
    expect(await local.text()).toContain('templet_http_request_duration_seconds')
    const forwardings: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9' },
      { 'x-real-ip': '203.0.113.9' },
    ]
    for (const headers of forwardings) {
      const forwarded = await fetch(`${s.url}/metrics`, { headers })
      expect(forwarded.status).toBe(403)
      expect(await forwarded.text()).toMatch(/set METRICS_TOKEN/)
    }
  })

  it.skipIf(!outsideAddress)('does not answer a request from another address', async () => {
    // The same app, listening on this machine's network address as a server with HOST=0.0.0.0 does.
    const hostname = outsideAddress as string
    const server = listen({ fetch: s.parts.hono.fetch, port: 0, hostname })
    await new Promise<void>((resolve) =>
      server.listening ? resolve() : server.once('listening', () => resolve()),
    )
    try {
      const res = await fetch(`http://${hostname}:${(server.address() as AddressInfo).port}/metrics`)
      expect(res.status).toBe(403)
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('shows how long the oldest running job has run', async () => {
    const dev = await developer(s)
    const t = await plainTemplate(s, dev.key)
    const r = await v1(s, 'POST', '/renders', {
      key: dev.key,
      body: { template_id: t.id },
      headers: { prefer: 'respond-async' },
    })
    expect(r.status).toBe(202)
    const oldestActive = async () => {
      const text = await (await fetch(`${s.url}/metrics`)).text()
      return Number(/templet_queue_oldest_active_seconds\{queue="render"\} ([\d.e+-]+)/.exec(text)?.[1])
    }
    let age = await oldestActive()
    for (let i = 0; i < 100 && !(age >= 1); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      age = await oldestActive()
    }
    expect(age).toBeGreaterThanOrEqual(1)
    release()
    let status = 'running'
    for (let i = 0; i < 200 && status !== 'completed'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      status = (await v1(s, 'GET', `/renders/${r.body.id}`, { key: dev.key })).body.status
    }
    expect(status).toBe('completed')
    expect(await oldestActive()).toBe(0)
  })
})
