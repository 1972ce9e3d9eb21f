import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
    expect(text).toContain('nodejs_eventloop_lag_seconds')
    expect(text).toContain('# TYPE templet_webhook_deliveries_total counter')
  })

  it('asks for the token when one is set', async () => {
    expect((await fetch(`${s.url}/metrics`)).status).toBe(401)
    expect((await fetch(`${s.url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401)
  })
})
