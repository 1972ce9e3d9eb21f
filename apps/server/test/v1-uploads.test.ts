import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines, startServer, type TestServer } from './harness'
import { templateWith } from './media/catalogue'
import { imageHost } from './media/image-host'
import { form, solidImage } from './media/images'
import { balance, developer, settledRender, type V1Answer, v1 } from './v1-helpers'

async function uploadFile(s: TestServer, key: string, file: Buffer): Promise<V1Answer> {
  const res = await fetch(`${s.url}/v1/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    body: form(file, 'photo.png', 'image/png'),
  })
  return { status: res.status, headers: res.headers, body: await res.json() }
}

describe.each(engines)('/v1 uploads on %s, private addresses refused', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer(engine, {}, { jobs: true })
  })
  afterAll(() => s.close())

  it('stores a file sent as multipart; its owner reads it back, no one else does; a render draws it', async () => {
    const dev = await developer(s)
    const sent = await uploadFile(s, dev.key, await solidImage('png', 64, 48))
    expect(sent.status).toBe(201)
    expect(sent.body).toMatchObject({ object: 'upload', width: 64, height: 48 })
    expect(sent.headers.get('location')).toBe(`/v1/uploads/${sent.body.id}`)
    expect((await fetch(sent.body.url)).status).toBe(200)
    const read = await v1(s, 'GET', `/uploads/${sent.body.id}`, { key: dev.key })
    expect(read.body).toMatchObject({ id: sent.body.id, width: 64 })
    const other = await developer(s)
    expect((await v1(s, 'GET', `/uploads/${sent.body.id}`, { key: other.key })).status).toBe(404)

    const t = await templateWith(s, 'image')
    const field = t.fields.find((f) => f.kind === 'image')?.key as string
    const r = await v1(s, 'POST', '/renders', {
      key: dev.key,
      body: { template_id: t.id, values: { [field]: String(sent.body.id) } },
    })
    expect((await settledRender(s, dev.key, r.body.id)).status).toBe('completed')

    const notImage = await uploadFile(s, dev.key, Buffer.from('hello'))
    expect(notImage.status).toBe(400)
    const reader = await developer(s, ['read'])
    expect((await uploadFile(s, reader.key, await solidImage('png', 8, 8))).status).toBe(403)
    const plain = await v1(s, 'POST', '/uploads', {
      key: dev.key,
      rawBody: 'x',
      headers: { 'content-type': 'text/plain' },
    })
    expect(plain.status).toBe(415)
  }, 60_000)

  it('refuses plain http, this machine and private networks, by name or address, before fetching anything', async () => {
    const dev = await developer(s)
    for (const [url, reason] of [
      ['http://images.example.com/a.png', 'not_https'],
      ['https://127.0.0.1/a.png', 'private_address'],
      ['https://10.1.2.3/a.png', 'private_address'],
      ['https://[::1]/a.png', 'private_address'],
      ['https://localhost:1/a.png', 'private_address'],
    ]) {
      const r = await v1(s, 'POST', '/uploads', { key: dev.key, body: { url } })
      expect(r.status, url).toBe(400)
      expect(r.body.issues, url).toEqual([{ path: ['url'], code: 'invalid', params: { reason } }])
    }
    // As an image value, the refusal names the field, and nothing is spent.
    const t = await templateWith(s, 'image')
    const field = t.fields.find((f) => f.kind === 'image')?.key as string
    const before = await balance(s, dev.token)
    const r = await v1(s, 'POST', '/renders', {
      key: dev.key,
      body: { template_id: t.id, values: { [field]: 'https://192.168.1.1/me.jpg' } },
    })
    expect(r.status).toBe(400)
    expect(r.body.issues).toEqual([
      { path: ['values', field], code: 'invalid', params: { reason: 'private_address' } },
    ])
    expect(await balance(s, dev.token)).toBe(before)
  })
})

describe.each(engines)('/v1 images by URL on %s', (engine) => {
  let s: TestServer
  let host: Awaited<ReturnType<typeof imageHost>>
  beforeAll(async () => {
    host = await imageHost()
    // The test's image host is on the loopback: allowed here, as the refusals are tested above.
    s = await startServer(engine, { IMAGE_URL_ALLOW_PRIVATE: '1', WORKER_CONCURRENCY: '2' }, { jobs: true })
  })
  afterAll(async () => {
    await s.close()
    await host.close()
  })

  it('fetches an image by URL, through a redirect; says why a URL gave no image', async () => {
    const dev = await developer(s)
    const direct = await v1(s, 'POST', '/uploads', { key: dev.key, body: { url: `${host.base}/photo.png` } })
    expect(direct.status).toBe(201)
    expect(direct.body).toMatchObject({ object: 'upload', width: 64, height: 48 })
    const moved = await v1(s, 'POST', '/uploads', { key: dev.key, body: { url: `${host.base}/moved` } })
    expect(moved.status).toBe(201)
    for (const [path, reason] of [
      ['/missing', 'http_status'],
      ['/loop', 'unreachable'],
      ['/huge', 'too_large'],
    ]) {
      const r = await v1(s, 'POST', '/uploads', { key: dev.key, body: { url: `${host.base}${path}` } })
      expect(r.status, path).toBe(400)
      expect(r.body.issues, path).toEqual([{ path: ['url'], code: 'invalid', params: { reason } }])
    }
    const text = await v1(s, 'POST', '/uploads', { key: dev.key, body: { url: `${host.base}/text` } })
    expect(text.status).toBe(400)
    expect(text.body.detail).toMatch(/PNG, JPEG or WebP/)
  })

  it('takes a URL as a render’s and a batch’s image value, each URL fetched once per request', async () => {
    const dev = await developer(s)
    const t = await templateWith(s, 'image')
    const field = t.fields.find((f) => f.kind === 'image')?.key as string
    const render = await v1(s, 'POST', '/renders', {
      key: dev.key,
      body: { template_id: t.id, values: { [field]: `${host.base}/photo.png?render` } },
    })
    expect([201, 202]).toContain(render.status)
    const drawn = await settledRender(s, dev.key, render.body.id)
    expect(drawn.status).toBe('completed')
    // The render keeps the upload it drew, not the URL.
    expect(drawn.values[field]).toMatch(/^\d+$/)

    const shared = `${host.base}/photo.png?batch`
    const rows = [shared, shared, `${host.base}/photo.png?other`, shared].map((url) => ({
      values: { [field]: url },
    }))
    const batch = await v1(s, 'POST', '/batches', { key: dev.key, body: { template_id: t.id, rows } })
    expect(batch.status).toBe(202)
    expect(host.hits.get('/photo.png?batch')).toBe(1)
    expect(host.hits.get('/photo.png?other')).toBe(1)
    let b = batch.body
    for (let i = 0; i < 600 && b.status === 'running'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      b = (await v1(s, 'GET', `/batches/${b.id}`, { key: dev.key })).body
    }
    expect(b).toMatchObject({ status: 'completed', completed_rows: 4 })

    const bad = await v1(s, 'POST', '/batches', {
      key: dev.key,
      body: { template_id: t.id, rows: [{ values: {} }, { values: { [field]: `${host.base}/missing` } }] },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.issues).toEqual([
      { path: ['rows', 1, 'values', field], code: 'invalid', params: { reason: 'http_status' } },
    ])
  }, 120_000)
})
