import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_ATTEMPTS } from '../src/features/developer/renders'
import { defaultRenderer } from '../src/services/renderer'
import { engines, startServer, type TestServer } from './harness'
import { balance, developer, plainTemplate, v1 } from './v1-helpers'

describe.each(engines)('the developer API (/v1) on %s', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer(engine, {}, { jobs: true })
  })
  afterAll(() => s.close())

  it('refuses a request without a key with a 401 problem, rate-limit headers included', async () => {
    const r = await v1(s, 'GET', '/templates')
    expect(r.status).toBe(401)
    expect(r.headers.get('content-type')).toBe('application/problem+json')
    expect(r.body).toMatchObject({
      type: 'https://templet.app/problems/unauthorized',
      title: 'A valid API key is required',
      status: 401,
    })
    expect(r.body.detail).toContain('Authorization: Bearer')
    expect(Number(r.headers.get('ratelimit-limit'))).toBe(600)
    expect(Number(r.headers.get('ratelimit-remaining'))).toBeLessThan(600)
    expect(Number(r.headers.get('ratelimit-reset'))).toBeGreaterThan(0)
  })

  it("shows a key owner's own templates, with a thumbnail that loads, and nobody else's", async () => {
    const owner = await developer(s, ['read'])
    const other = await developer(s, ['read'])
    const catalogue = (await v1(s, 'GET', '/templates?limit=1', { key: owner.key })).body.data[0]
    const own = await s.call('POST', '/template/duplicate', {
      token: owner.token,
      body: { id: catalogue.id },
    })
    expect(own.code).toBe(0)
    const mine = await v1(s, 'GET', `/templates/${own.data.id}`, { key: owner.key })
    expect(mine.status).toBe(200)
    expect(mine.body).toMatchObject({ id: own.data.id, version: 1 })
    expect((await fetch(mine.body.thumbnail_url)).status).toBe(200)
    expect((await fetch(mine.body.thumbnail_url.split('?')[0])).status).toBe(404)
    expect((await v1(s, 'GET', `/templates/${own.data.id}`, { key: other.key })).status).toBe(404)
  })

  it('lists templates with fields and sizes, paged by cursor', async () => {
    const { key } = await developer(s, ['read'])
    const first = await v1(s, 'GET', '/templates?limit=2', { key })
    expect(first.status).toBe(200)
    expect(first.body.object).toBe('list')
    expect(first.body.data).toHaveLength(2)
    expect(first.body.has_more).toBe(true)
    const t = first.body.data[0]
    expect(t).toMatchObject({ object: 'template', id: expect.any(Number), version: expect.any(Number) })
    expect(t.sizes.length).toBeGreaterThan(0)
    expect(t.fields.length).toBeGreaterThan(0)
    expect(t.thumbnail_url).toMatch(new RegExp(`^${s.url}/api/file/template/`))
    const next = await v1(s, 'GET', `/templates?limit=2&starting_after=${first.body.data[1].id}`, { key })
    expect(next.body.data[0].id).toBeGreaterThan(first.body.data[1].id)
    const previous = await v1(s, 'GET', `/templates?limit=2&ending_before=${next.body.data[0].id}`, { key })
    // The first page again; nothing lies before it.
    expect(previous.body.data).toEqual(first.body.data)
    expect(previous.body.has_more).toBe(false)
    const one = await v1(s, 'GET', `/templates/${t.id}`, { key })
    expect(one.body).toEqual(t)
    expect((await v1(s, 'GET', '/templates/999999', { key })).status).toBe(404)
    const bad = await v1(s, 'GET', '/templates?limit=500', { key })
    expect(bad.status).toBe(400)
    expect(bad.body.issues).toEqual([
      { path: ['limit'], code: 'too_big', params: { maximum: 100, origin: 'number' } },
    ])
  })

  it('renders within the wait: 201 with the asked formats, one credit spent', async () => {
    const dev = await developer(s)
    const t = await plainTemplate(s, dev.key)
    const before = await balance(s, dev.token)
    const r = await v1(s, 'POST', '/renders', {
      key: dev.key,
      body: { template_id: t.id, formats: ['png', 'webp'], name: 'Launch' },
    })
    expect(r.status).toBe(201)
    expect(r.headers.get('location')).toBe(`/v1/renders/${r.body.id}`)
    expect(r.body).toMatchObject({
      object: 'render',
      status: 'completed',
      template_id: t.id,
      template_version: t.version,
      formats: ['png', 'webp'],
      name: 'Launch',
      credits_spent: 1,
      error: null,
    })
    expect(Object.keys(r.body.files)).toEqual(['png', 'webp'])
    const png = await fetch(r.body.files.png)
    expect(png.status).toBe(200)
    expect(png.headers.get('content-type')).toBe('image/png')
    expect(await balance(s, dev.token)).toBe(before - 1)
    const got = await v1(s, 'GET', `/renders/${r.body.id}`, { key: dev.key })
    expect(got.body.status).toBe('completed')
    const list = await v1(s, 'GET', '/renders', { key: dev.key })
    expect(list.body.data.map((x: { id: number }) => x.id)).toEqual([r.body.id])

    // Only the asked files were encoded and kept: the creation offers those, and storage holds no JPEG.
    const made = await s.call('GET', '/creation/list', { token: dev.token })
    expect(made.data).toHaveLength(1)
    const rasters = (keys: string[]) => keys.filter((k) => ['png', 'jpeg', 'webp'].includes(k)).sort()
    expect(rasters(Object.keys(made.data[0].files))).toEqual(['png', 'webp'])
    const creation = await s.db.kysely
      .selectFrom('creations')
      .select(['storage_prefix', 'raster_formats'])
      .where('user_id', '=', dev.user.id)
      .executeTakeFirstOrThrow()
    expect(creation.raster_formats).toBe('png,webp')
    const kept: string[] = []
    for await (const o of s.storage.list(`${creation.storage_prefix}/`))
      kept.push(o.key.split('/').pop() ?? '')
    expect(kept.filter((k) => k.startsWith('image.')).sort()).toEqual(['image.png', 'image.webp'])
    expect(kept).toContain('thumb.webp')
  })

  it('takes values by a field’s column name as by its key, and keeps them by key', async () => {
    const dev = await developer(s)
    const t = await plainTemplate(s, dev.key)
    const text = t.fields.find((f) => f.kind === 'text') as { key: string; column: string }
    expect(text.column).toMatch(/^[a-z][a-z0-9_]*$/)
    const byColumn = await v1(s, 'POST', '/renders', {
      key: dev.key,
      body: { template_id: t.id, values: { [text.column]: 'By column' } },
    })
    expect(byColumn.status).toBe(201)
    expect(byColumn.body.values).toEqual({ [text.key]: 'By column' })
    const byKey = await v1(s, 'POST', '/renders', {
      key: dev.key,
      body: { template_id: t.id, values: { [text.key]: 'By key' } },
    })
    expect(byKey.body.values).toEqual({ [text.key]: 'By key' })
  })

  it('answers 202 at once with Prefer: respond-async, and the render completes', async () => {
    const dev = await developer(s)
    const t = await plainTemplate(s, dev.key)
    const r = await v1(s, 'POST', '/renders', {
      key: dev.key,
      body: { template_id: t.id },
      headers: { prefer: 'respond-async' },
    })
    expect(r.status).toBe(202)
    expect(r.headers.get('preference-applied')).toBe('respond-async')
    expect(r.body).toMatchObject({ id: expect.any(Number), status: 'queued', files: null })
    let status = r.body.status
    for (let i = 0; i < 200 && status !== 'completed'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      status = (await v1(s, 'GET', `/renders/${r.body.id}`, { key: dev.key })).body.status
    }
    expect(status).toBe('completed')
  })

  it('tells the balance and the credits spent this month, to a read key too', async () => {
    const dev = await developer(s)
    const reader = await s.call('POST', '/key/create', {
      token: dev.token,
      body: { name: 'reader', scopes: ['read'] },
    })
    const t = await plainTemplate(s, dev.key)
    const start = await v1(s, 'GET', '/balance', { key: reader.data.key })
    expect(start.status).toBe(200)
    expect(start.body).toMatchObject({
      object: 'balance',
      credits: await balance(s, dev.token),
      spent_this_month: 0,
    })
    const month = new Date(start.body.month_started_at)
    expect([month.getUTCDate(), month.getUTCHours(), month.getTime() <= s.now()]).toEqual([1, 0, true])

    for (const name of ['One', 'Two'])
      expect(
        (await v1(s, 'POST', '/renders', { key: dev.key, body: { template_id: t.id, name } })).status,
      ).toBe(201)
    const after = await v1(s, 'GET', '/balance', { key: dev.key })
    expect(after.body).toMatchObject({ credits: start.body.credits - 2, spent_this_month: 2 })
    // Another account's spending is not counted.
    expect((await v1(s, 'GET', '/balance', { key: (await developer(s)).key })).body.spent_this_month).toBe(0)
  })

  it('a read key cannot render (403), a revoked key is refused at once (401)', async () => {
    const reader = await developer(s, ['read'])
    const t = await plainTemplate(s, reader.key)
    const refused = await v1(s, 'POST', '/renders', { key: reader.key, body: { template_id: t.id } })
    expect(refused.status).toBe(403)
    expect(refused.body.type).toBe('https://templet.app/problems/forbidden')
    expect(await balance(s, reader.token)).toBe(5)

    const dev = await developer(s)
    expect((await v1(s, 'GET', '/templates', { key: dev.key })).status).toBe(200)
    await s.call('POST', '/key/revoke', { token: dev.token, body: { id: dev.keyId } })
    const after = await v1(s, 'GET', '/templates', { key: dev.key })
    expect(after.status).toBe(401)
    expect(after.body.detail).toContain('revoked')
  })

  it('shows when a key was last used', async () => {
    const dev = await developer(s, ['read'])
    await v1(s, 'GET', '/templates', { key: dev.key })
    const keys = await s.call('GET', '/key/list', { token: dev.token })
    expect(keys.data[0].lastUsedAt).toBe(new Date(s.now()).toISOString())
  })

  it('refuses a size the template does not have as invalid_request naming size_id and the sizes there are', async () => {
    const dev = await developer(s)
    const t = (await plainTemplate(s, dev.key)) as { id: number; sizes?: { id: string }[] }
    const sizeIds = (t.sizes ?? []).map((x) => x.id)
    expect(sizeIds.length).toBeGreaterThan(0)
    const r = await v1(s, 'POST', '/renders', {
      key: dev.key,
      body: { template_id: t.id, size_id: 'poster-xxl' },
    })
    expect(r.status).toBe(400)
    expect(r.body).toMatchObject({
      type: 'https://templet.app/problems/invalid_request',
      status: 400,
      detail: `size_id: Must be one of ${sizeIds.join(', ')}`,
      issues: [{ path: ['size_id'], code: 'invalid_value', params: { options: sizeIds.join(',') } }],
    })
    const batch = await v1(s, 'POST', '/batches', {
      key: dev.key,
      body: { template_id: t.id, size_id: 'poster-xxl', rows: [{ values: {} }] },
    })
    expect(batch.status).toBe(400)
    expect(batch.body).toMatchObject({ detail: r.body.detail, issues: r.body.issues })
    expect(await balance(s, dev.token)).toBe(5)
    expect((await v1(s, 'GET', '/renders', { key: dev.key })).body.data).toEqual([])
  })

  it('refuses bad values with the app’s issues, and charges nothing', async () => {
    const dev = await developer(s)
    const t = await plainTemplate(s, dev.key)
    const text = t.fields.find((f) => f.kind === 'text' && f.max_length !== undefined)
    if (!text?.max_length) throw new Error('the template has no text field')
    const r = await v1(s, 'POST', '/renders', {
      key: dev.key,
      body: { template_id: t.id, values: { [text.key]: 'x'.repeat(text.max_length + 1), nope: '1' } },
    })
    expect(r.status).toBe(400)
    expect(r.body.issues).toEqual(
      expect.arrayContaining([
        { path: ['values', 'nope'], code: 'unrecognized_key', params: {} },
        {
          path: ['values', text.key],
          code: 'too_big',
          params: { maximum: text.max_length, origin: 'string' },
        },
      ]),
    )
    const app = await s.call('POST', '/creation/create', {
      token: dev.token,
      body: { templateId: t.id, values: { [text.key]: 'x'.repeat(text.max_length + 1), nope: '1' } },
    })
    expect(app.data.issues).toEqual(r.body.issues)
    const unknown = await v1(s, 'POST', '/renders', { key: dev.key, body: { template_id: t.id, color: 1 } })
    expect(unknown.body.issues).toEqual([{ path: ['color'], code: 'unrecognized_key', params: {} }])
    const malformed = await v1(s, 'POST', '/renders', {
      key: dev.key,
      rawBody: '{',
      headers: { 'content-type': 'application/json' },
    })
    expect(malformed.status).toBe(400)
    const form = await v1(s, 'POST', '/renders', {
      key: dev.key,
      rawBody: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(form.status).toBe(415)
    expect(await balance(s, dev.token)).toBe(5)
  })

  it('refuses a name with a line break or a text-direction override, with the app’s issue', async () => {
    const dev = await developer(s)
    const t = await plainTemplate(s, dev.key)
    for (const name of ['two\nlines', 'invoice\u202Efdp.exe']) {
      const r = await v1(s, 'POST', '/renders', { key: dev.key, body: { template_id: t.id, name } })
      expect(r.status).toBe(400)
      expect(r.body.issues).toEqual([{ path: ['name'], code: 'invalid', params: {} }])
      const app = await s.call('POST', '/creation/create', {
        token: dev.token,
        body: { templateId: t.id, values: {}, name },
      })
      expect(app.data.issues).toEqual(r.body.issues)
    }
    expect(await balance(s, dev.token)).toBe(5)
  })

  it('answers 402 when the balance cannot pay for a render', async () => {
    const dev = await developer(s)
    const t = await plainTemplate(s, dev.key)
    for (let i = 0; i < 5; i += 1)
      expect((await v1(s, 'POST', '/renders', { key: dev.key, body: { template_id: t.id } })).status).toBe(
        201,
      )
    const r = await v1(s, 'POST', '/renders', { key: dev.key, body: { template_id: t.id } })
    expect(r.status).toBe(402)
    expect(r.body.type).toBe('https://templet.app/problems/insufficient_credits')
  })

  it('a replayed Idempotency-Key answers the first answer and charges once, also in parallel', async () => {
    const dev = await developer(s)
    const t = await plainTemplate(s, dev.key)
    const body = { template_id: t.id, name: 'Once' }
    const first = await v1(s, 'POST', '/renders', {
      key: dev.key,
      body,
      headers: { 'idempotency-key': 'k-1' },
    })
    expect(first.status).toBe(201)
    const again = await v1(s, 'POST', '/renders', {
      key: dev.key,
      // The same body with its keys in another order is the same request.
      rawBody: JSON.stringify({ name: 'Once', template_id: t.id }),
      headers: { 'idempotency-key': 'k-1', 'content-type': 'application/json' },
    })
    expect(again.status).toBe(201)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.body).toEqual(first.body)
    expect(await balance(s, dev.token)).toBe(4)

    const other = await v1(s, 'POST', '/renders', {
      key: dev.key,
      body: { ...body, name: 'Other' },
      headers: { 'idempotency-key': 'k-1' },
    })
    expect(other.status).toBe(409)
    expect(other.body.type).toBe('https://templet.app/problems/idempotency_key_reused')

    const racing = await Promise.all(
      Array.from({ length: 6 }, () =>
        v1(s, 'POST', '/renders', { key: dev.key, body, headers: { 'idempotency-key': 'k-2' } }),
      ),
    )
    expect(racing.map((r) => r.status)).toEqual(Array(6).fill(201))
    expect(new Set(racing.map((r) => r.body.id)).size).toBe(1)
    expect(await balance(s, dev.token)).toBe(3)
    const renders = await s.db.kysely
      .selectFrom('renders')
      .select('id')
      .where('user_id', '=', dev.user.id)
      .execute()
    expect(renders).toHaveLength(2)
  })

  it('keeps no refusal under an Idempotency-Key: a fixed body, or the same one once credits are bought, runs', async () => {
    const dev = await developer(s)
    const t = await plainTemplate(s, dev.key)
    const send = (body: object, key: string) =>
      v1(s, 'POST', '/renders', { key: dev.key, body, headers: { 'idempotency-key': key } })
    expect((await send({ template_id: t.id, name: 'a\u202eb' }, 'fix-1')).status).toBe(400)
    const fixed = await send({ template_id: t.id, name: 'Fixed' }, 'fix-1')
    expect(fixed.status).toBe(201)
    expect(fixed.headers.get('idempotent-replayed')).toBeNull()

    for (let i = 0; i < 4; i += 1) expect((await send({ template_id: t.id }, `spend-${i}`)).status).toBe(201)
    expect((await send({ template_id: t.id, name: 'Later' }, 'pay-1')).status).toBe(402)
    const c = await s.call('POST', '/checkout/create', {
      token: dev.token,
      body: { offerId: 'main/payment-49-9', variant: 'checkout' },
    })
    const paid = await s.call('POST', '/checkout/pay', {
      token: dev.token,
      body: { checkoutId: c.data.checkoutId, cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' },
    })
    expect(paid.code, paid.msg).toBe(0)
    const after = await send({ template_id: t.id, name: 'Later' }, 'pay-1')
    expect(after.status).toBe(201)
    // Now a success is kept: the same request again is its replay.
    const replayed = await send({ template_id: t.id, name: 'Later' }, 'pay-1')
    expect(replayed.headers.get('idempotent-replayed')).toBe('true')
    expect(replayed.body.id).toBe(after.body.id)
  })

  it('answers a known path asked with another method 405 with Allow, and an unknown path 404', async () => {
    const dev = await developer(s)
    const put = await v1(s, 'PUT', '/renders', { key: dev.key, body: {} })
    expect(put.status).toBe(405)
    expect(put.headers.get('allow')).toBe('GET, POST')
    expect(put.body.type).toBe('https://templet.app/problems/method_not_allowed')
    const patch = await v1(s, 'PATCH', '/renders/123', { key: dev.key, body: {} })
    expect(patch.status).toBe(405)
    expect(patch.headers.get('allow')).toBe('GET, DELETE')
    expect((await v1(s, 'GET', '/nothing-here', { key: dev.key })).status).toBe(404)
  })

  it('deletes a render and its files', async () => {
    const dev = await developer(s)
    const t = await plainTemplate(s, dev.key)
    const r = await v1(s, 'POST', '/renders', { key: dev.key, body: { template_id: t.id } })
    const del = await v1(s, 'DELETE', `/renders/${r.body.id}`, { key: dev.key })
    expect(del.status).toBe(204)
    expect((await v1(s, 'GET', `/renders/${r.body.id}`, { key: dev.key })).status).toBe(404)
    expect((await fetch(r.body.files.png)).status).toBe(404)
    const other = await developer(s)
    expect((await v1(s, 'DELETE', `/renders/${r.body.id}`, { key: other.key })).status).toBe(404)
  })

  it('serves its OpenAPI document and a reference page without a key', async () => {
    const doc = await fetch(`${s.url}/v1/openapi.json`)
    expect(doc.status).toBe(200)
    expect(doc.headers.get('ratelimit-limit')).toBe('600')
    const page = await fetch(`${s.url}/v1/docs`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('<title>Templet developer API reference</title>')
    const init = await (await fetch(`${s.url}/v1/docs/init.js`)).text()
    expect(init).toContain("url: '/v1/openapi.json'")
  })

  it('answers an unknown path with a 404 problem', async () => {
    const dev = await developer(s)
    const r = await v1(s, 'GET', '/nothing', { key: dev.key })
    expect(r.status).toBe(404)
    expect(r.headers.get('content-type')).toBe('application/problem+json')
  })
})

describe('the developer API’s rate limit', () => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer('sqlite', { API_RATE_LIMIT: '3', API_RATE_WINDOW_SECONDS: '60' })
  })
  afterAll(() => s.close())

  it('counts per key and answers 429 with Retry-After beyond the limit', async () => {
    const dev = await developer(s, ['read'])
    const answers = []
    for (let i = 0; i < 4; i += 1) answers.push(await v1(s, 'GET', '/templates?limit=1', { key: dev.key }))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429])
    expect(answers.map((a) => a.headers.get('ratelimit-remaining'))).toEqual(['2', '1', '0', '0'])
    expect(answers[3]?.headers.get('retry-after')).toBe('60')
    expect(answers[3]?.body.type).toBe('https://templet.app/problems/rate_limited')
    const other = await developer(s, ['read'])
    expect((await v1(s, 'GET', '/templates?limit=1', { key: other.key })).status).toBe(200)
  })
})

describe('renders on the embedded queue (SQLite, in process)', () => {
  it('answers 202 when the render takes longer than the wait', async () => {
    const s = await startServer('sqlite', { RENDER_WAIT_MS: '0' }, { jobs: true })
    try {
      const dev = await developer(s)
      const t = await plainTemplate(s, dev.key)
      const r = await v1(s, 'POST', '/renders', { key: dev.key, body: { template_id: t.id } })
      expect(r.status).toBe(202)
      expect(['queued', 'running']).toContain(r.body.status)
      expect(r.headers.get('preference-applied')).toBeNull()
    } finally {
      await s.close()
    }
  })

  it('runs at the next start what a stopped process left queued', async () => {
    // No workers: the render stays queued, as in a process that stopped before running it.
    const s = await startServer('sqlite', {}, { jobs: 'queue' })
    try {
      const dev = await developer(s)
      const t = await plainTemplate(s, dev.key)
      const r = await v1(s, 'POST', '/renders', {
        key: dev.key,
        body: { template_id: t.id },
        headers: { prefer: 'respond-async' },
      })
      expect(r.status).toBe(202)
      const next = await s.twin()
      try {
        await next.parts.jobs.start()
        let status = 'queued'
        for (let i = 0; i < 200 && status !== 'completed'; i += 1) {
          await new Promise((resolve) => setTimeout(resolve, 50))
          status = (await v1(next, 'GET', `/renders/${r.body.id}`, { key: dev.key })).body.status
        }
        expect(status).toBe('completed')
        expect(await balance(s, dev.token)).toBe(4)
      } finally {
        await next.close()
      }
    } finally {
      await s.close()
    }
  })
})

describe.each(engines)('a render that keeps failing on %s', (engine) => {
  let s: TestServer
  let calls = 0
  beforeAll(async () => {
    s = await startServer(
      engine,
      {},
      {
        jobs: true,
        media: {
          renderer: {
            ...defaultRenderer,
            render: async () => {
              calls += 1
              throw new Error('renderer crashed')
            },
          },
        },
      },
    )
  })
  afterAll(() => s.close())

  it(`is tried ${MAX_ATTEMPTS} times, then fails with its credit refunded`, async () => {
    const dev = await developer(s)
    const t = await plainTemplate(s, dev.key)
    const r = await v1(s, 'POST', '/renders', {
      key: dev.key,
      body: { template_id: t.id },
      headers: { prefer: 'respond-async' },
    })
    let render = r.body
    for (let i = 0; i < 300 && render.status !== 'failed'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      render = (await v1(s, 'GET', `/renders/${r.body.id}`, { key: dev.key })).body
    }
    expect(render).toMatchObject({
      status: 'failed',
      credits_spent: 0,
      files: null,
      error: { type: 'https://templet.app/problems/render_failed', status: 500 },
    })
    expect(calls).toBe(MAX_ATTEMPTS)
    expect(await balance(s, dev.token)).toBe(5)
    const history = await s.call('GET', '/credit/history', { token: dev.token })
    expect(history.data.map((e: { delta: number; reason: string }) => [e.delta, e.reason])).toEqual([
      [1, 'refund'],
      [-1, 'creation'],
      [5, 'signup'],
    ])
  }, 30_000)
})
