import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sweepUnusedUploads } from '../src/services/media-sweep'
import { engines, startServer, type TestServer } from './harness'
import { templateWith } from './media/catalogue'
import { form } from './media/images'

/** A PNG of noise, which compresses badly: about 400 kB stored. */
const noisyPng = () =>
  sharp({
    create: {
      width: 400,
      height: 330,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 80 },
    },
  })
    .png()
    .toBuffer()

async function storedKeys(s: TestServer): Promise<string[]> {
  const keys: string[] = []
  for await (const f of s.storage.list('uploads/')) keys.push(f.key)
  return keys
}

describe.each(engines)('uploads: rate, storage, list, delete and sweep on %s', (engine) => {
  let s: TestServer
  let png: Buffer
  beforeAll(async () => {
    s = await startServer(engine, {
      UPLOAD_LIMIT: '1000',
      UPLOAD_QUOTA_MB_FREE: '1',
      UPLOAD_QUOTA_MB_PLANS: '3,4,5',
      UPLOAD_RETENTION_DAYS: '30',
    })
    png = await noisyPng()
    expect(png.byteLength).toBeGreaterThan(300_000)
    expect(png.byteLength).toBeLessThan(500_000)
  })
  afterAll(() => s.close())

  const upload = (token: string, server: TestServer = s) =>
    server.call('POST', '/upload/image', { token, form: form(png, 'noise.png', 'image/png') })

  it('holds a free account to its storage, with a 403 that says how much is used; deleting makes room again', async () => {
    const { token } = await s.signUp()
    const first = await upload(token)
    const second = await upload(token)
    expect([first.code, second.code]).toEqual([0, 0])
    const third = await upload(token)
    expect(third.code).toBe(403)
    expect(third.msg).toMatch(
      /^Your uploads take 0\.\d MB of the 1 MB your plan allows; delete some in My uploads or subscribe for more room$/,
    )
    expect(third.data).toMatchObject({ quotaBytes: 2 ** 20, usedBytes: expect.any(Number) })
    // The refused upload left no file behind.
    const usage = await s.call('GET', '/upload/usage', { token })
    expect(usage.data).toMatchObject({ files: 2, quotaBytes: 2 ** 20, plan: 'free', retentionDays: 30 })

    expect((await s.call('POST', '/upload/delete', { token, body: { id: first.data.id } })).code).toBe(0)
    expect((await upload(token)).code).toBe(0)
  })

  it('lets parallel uploads of one account, at two server processes, together take no more than the storage', async () => {
    const { token } = await s.signUp()
    const twin = await s.twin()
    try {
      const replies = await Promise.all(Array.from({ length: 6 }, (_, i) => upload(token, i % 2 ? twin : s)))
      expect(replies.filter((r) => r.code === 0)).toHaveLength(2)
      expect(replies.filter((r) => r.code === 403)).toHaveLength(4)
      const usage = await s.call('GET', '/upload/usage', { token })
      expect(usage.data.usedBytes).toBeLessThanOrEqual(2 ** 20)
      expect(usage.data.files).toBe(2)
    } finally {
      await twin.close()
    }
  })

  it('gives a subscriber the storage of their plan', async () => {
    const { token } = await s.signUp()
    const checkout = await s.call('POST', '/checkout/create', {
      token,
      body: { offerId: 'main/subscription-84-9', variant: 'checkout' },
    })
    const paid = await s.call('POST', '/checkout/pay', {
      token,
      body: {
        checkoutId: checkout.data.checkoutId,
        cardNumber: '4242424242424242',
        expiry: '12/39',
        cvc: '123',
      },
    })
    expect(paid.data.status).toBe('paid')
    const usage = await s.call('GET', '/upload/usage', { token })
    expect(usage.data).toMatchObject({ plan: '84-9', quotaBytes: 4 * 2 ** 20 })
    for (let i = 0; i < 3; i++) expect((await upload(token)).code).toBe(0)
  })

  it('lists my uploads newest first with their size and the creations that draw them; deletes file and row, nobody else’s', async () => {
    const { token } = await s.signUp()
    const other = await s.signUp()
    const kept = (await upload(token)).data.id as number
    const loose = (await upload(token)).data.id as number
    const t = await templateWith(s, 'image')
    const field = t.fields.find((f) => f.kind === 'image')
    if (!field) throw new Error('no image field')
    const made = await s.call('POST', '/creation/create', {
      token,
      body: { templateId: t.id, values: { [field.key]: `${kept}@0.5,0.5` } },
    })
    expect(made.code, made.msg).toBe(0)

    const list = await s.call('GET', '/upload/list', { token, query: { page: 1, pageSize: 10 } })
    expect(list.total).toBe(2)
    expect(list.data.map((u: { id: number }) => u.id)).toEqual([loose, kept])
    expect(list.data[0]).toMatchObject({ id: loose, creations: 0, bytes: expect.any(Number), width: 400 })
    expect(list.data[1]).toMatchObject({ id: kept, creations: 1 })
    expect((await fetch(`${s.url}${list.data[0].url}`)).status).toBe(200)

    expect((await s.call('POST', '/upload/delete', { token: other.token, body: { id: loose } })).code).toBe(
      404,
    )
    const before = await storedKeys(s)
    expect((await s.call('POST', '/upload/delete', { token, body: { id: loose } })).code).toBe(0)
    expect((await fetch(`${s.url}${list.data[0].url}`)).status).toBe(404)
    expect(before.length - (await storedKeys(s)).length).toBe(1)
    expect((await s.call('GET', '/upload/detail', { token, query: { id: loose } })).code).toBe(404)
    expect((await s.call('POST', '/upload/delete', { token, body: { id: loose } })).code).toBe(404)
    // The creation keeps its picture.
    expect((await fetch(`${s.url}${made.data.files.png}`)).status).toBe(200)
  })

  it('sweeps uploads no creation draws once past the retention period, files and rows, and keeps the others', async () => {
    const { token } = await s.signUp()
    const used = (await upload(token)).data.id as number
    const unused = (await upload(token)).data.id as number
    const t = await templateWith(s, 'image')
    const field = t.fields.find((f) => f.kind === 'image')
    if (!field) throw new Error('no image field')
    expect(
      (
        await s.call('POST', '/creation/create', {
          token,
          body: { templateId: t.id, values: { [field.key]: String(used) } },
        })
      ).code,
    ).toBe(0)
    const day = 86_400_000
    // Not yet: 29 days on.
    await sweepUnusedUploads(s.db.kysely, s.storage, { now: s.now() + 29 * day, retentionMs: 30 * day })
    expect((await s.call('GET', '/upload/detail', { token, query: { id: unused } })).code).toBe(0)
    const before = await storedKeys(s)
    const removed = await sweepUnusedUploads(s.db.kysely, s.storage, {
      now: s.now() + 31 * day,
      retentionMs: 30 * day,
    })
    expect(removed).toBeGreaterThanOrEqual(1)
    expect((await s.call('GET', '/upload/detail', { token, query: { id: unused } })).code).toBe(404)
    expect((await s.call('GET', '/upload/detail', { token, query: { id: used } })).code).toBe(0)
    expect((await storedKeys(s)).length).toBe(before.length - removed)
  })
})

describe.each(engines)('upload rate per account on %s', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer(engine, { UPLOAD_LIMIT: '3', UPLOAD_WINDOW_SECONDS: '3600' })
  })
  afterAll(() => s.close())

  it('refuses uploads over the rate with 429 and a wait, per account', async () => {
    const a = await s.signUp()
    const b = await s.signUp()
    const image = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#123456' } })
      .png()
      .toBuffer()
    const send = (token: string) =>
      s.call('POST', '/upload/image', { token, form: form(image, 'a.png', 'image/png') })
    for (let i = 0; i < 3; i++) expect((await send(a.token)).code).toBe(0)
    const refused = await send(a.token)
    expect(refused).toMatchObject({ code: 429, data: { retryAfterSeconds: 3600 } })
    expect(refused.msg).toBe('Too many attempts; try again in 60 minutes')
    expect((await send(b.token)).code).toBe(0)
    s.advance(3_600_000)
    expect((await send(a.token)).code).toBe(0)
  })
})
