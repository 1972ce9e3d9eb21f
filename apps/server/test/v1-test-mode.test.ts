import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultRenderer } from '../src/services/renderer'
import { engines, startServer, type TestServer } from './harness'
import {
  balance,
  developer,
  plainTemplate,
  signedImageUrl as signedUrl,
  v1,
  webhookReceiver,
} from './v1-helpers'

/** A second key of the same account, in `mode`; its secret and the secret of its image URLs. */
async function keyOf(s: TestServer, token: string, mode: 'live' | 'test') {
  const made = await s.call('POST', '/key/create', {
    token,
    body: { name: mode, scopes: ['read', 'render'], mode },
  })
  expect(made.code).toBe(0)
  return {
    key: made.data.key as string,
    keyId: made.data.id as number,
    urlSecret: made.data.urlSecret as string,
  }
}

/** Spends the whole balance at once, so that anything charged would be refused with a 402. */
async function drain(s: TestServer, userId: number, token: string) {
  const credits = await balance(s, token)
  await s.db.kysely
    .insertInto('credit_ledger')
    .values({ user_id: userId, delta: -credits, reason: 'test', idempotency_key: null, created_at: s.now() })
    .execute()
  expect(await balance(s, token)).toBe(0)
}

const ledgerRows = async (s: TestServer, userId: number) =>
  (await s.db.kysely.selectFrom('credit_ledger').select('id').where('user_id', '=', userId).execute()).length

/** The share of pixels of two same-sized PNGs that differ. */
async function differing(a: ArrayBuffer, b: ArrayBuffer): Promise<number> {
  const [pa, pb] = await Promise.all(
    [a, b].map((x) => sharp(Buffer.from(x)).raw().toBuffer({ resolveWithObject: true })),
  )
  if (!pa || !pb) throw new Error('no pixels')
  expect([pa.info.width, pa.info.height]).toEqual([pb.info.width, pb.info.height])
  let changed = 0
  for (let i = 0; i < pa.data.length; i += pa.info.channels)
    if (Math.abs((pa.data[i] ?? 0) - (pb.data[i] ?? 0)) > 24) changed++
  return changed / (pa.info.width * pa.info.height)
}

const fetchBytes = async (url: string) => {
  const res = await fetch(url)
  expect(res.status, url).toBe(200)
  return res.arrayBuffer()
}

const dir = mkdtempSync(path.join(tmpdir(), 'templet-test-mode-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
/** A PDF's text as a reader finds it (poppler's pdftotext). */
const pdfText = (pdf: ArrayBuffer) => {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`)
  writeFileSync(file, Buffer.from(pdf))
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
}

/** What the test reads of a webhook event. */
interface HookEvent {
  type: string
  livemode: boolean
  data: { object: { livemode?: boolean } }
}

describe.each(engines)('test-mode keys on %s', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer(
      engine,
      { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_SCHEDULER_SECONDS: '3600' },
      { jobs: true },
    )
  })
  afterAll(() => s.close())

  it('renders for nothing even at a zero balance, watermarked, with livemode false on the render and the balance', async () => {
    const dev = await developer(s)
    const test = await keyOf(s, dev.token, 'test')
    const t = await plainTemplate(s, dev.key)
    const body = { template_id: t.id, formats: ['png'] }
    const live = await v1(s, 'POST', '/renders', { key: dev.key, body })
    expect(live.status).toBe(201)
    expect(live.body).toMatchObject({ livemode: true, credits_spent: 1, status: 'completed' })
    await drain(s, dev.user.id, dev.token)
    const entries = await ledgerRows(s, dev.user.id)

    const r = await v1(s, 'POST', '/renders', { key: test.key, body })
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    expect(r.body).toMatchObject({ object: 'render', livemode: false, credits_spent: 0, status: 'completed' })
    expect(await balance(s, dev.token)).toBe(0)
    expect(await ledgerRows(s, dev.user.id)).toBe(entries)
    // The same values, drawn again with the watermark over them.
    const share = await differing(await fetchBytes(live.body.files.png), await fetchBytes(r.body.files.png))
    expect(share).toBeGreaterThan(0.02)
    expect(share).toBeLessThan(0.5)
    // The live key is still refused for want of credit.
    expect((await v1(s, 'POST', '/renders', { key: dev.key, body })).status).toBe(402)

    const testBalance = await v1(s, 'GET', '/balance', { key: test.key })
    expect(testBalance.body).toMatchObject({ object: 'balance', livemode: false, credits: 0 })
    expect((await v1(s, 'GET', '/balance', { key: dev.key })).body.livemode).toBe(true)
  })

  it('each mode sees only its own renders and batches: the other’s answer 404 and stay out of its lists', async () => {
    const dev = await developer(s)
    const test = await keyOf(s, dev.token, 'test')
    const t = await plainTemplate(s, dev.key)
    const liveRender = (await v1(s, 'POST', '/renders', { key: dev.key, body: { template_id: t.id } })).body
    const testRender = (await v1(s, 'POST', '/renders', { key: test.key, body: { template_id: t.id } })).body
    const rows = [{ values: {} }]
    const liveBatch = (await v1(s, 'POST', '/batches', { key: dev.key, body: { template_id: t.id, rows } }))
      .body
    const testBatch = (await v1(s, 'POST', '/batches', { key: test.key, body: { template_id: t.id, rows } }))
      .body

    expect((await v1(s, 'GET', `/renders/${testRender.id}`, { key: dev.key })).status).toBe(404)
    expect((await v1(s, 'GET', `/renders/${liveRender.id}`, { key: test.key })).status).toBe(404)
    expect((await v1(s, 'GET', `/renders/${testRender.id}`, { key: test.key })).status).toBe(200)
    expect((await v1(s, 'DELETE', `/renders/${liveRender.id}`, { key: test.key })).status).toBe(404)
    expect((await v1(s, 'GET', `/batches/${testBatch.id}`, { key: dev.key })).status).toBe(404)
    expect((await v1(s, 'GET', `/batches/${liveBatch.id}`, { key: test.key })).status).toBe(404)
    expect((await v1(s, 'GET', `/batches/${liveBatch.id}/rows`, { key: test.key })).status).toBe(404)
    expect((await v1(s, 'POST', `/batches/${liveBatch.id}/cancel`, { key: test.key })).status).toBe(404)

    const ids = async (key: string, path: string) =>
      (await v1(s, 'GET', path, { key })).body.data.map((x: { id: number }) => x.id)
    expect(await ids(dev.key, '/renders')).toEqual([liveRender.id])
    expect(await ids(test.key, '/renders')).toEqual([testRender.id])
    expect(await ids(dev.key, '/batches')).toEqual([liveBatch.id])
    expect(await ids(test.key, '/batches')).toEqual([testBatch.id])
  })

  it('a test batch spends nothing, its rows are watermarked test renders, and its events say livemode false', async () => {
    const hook = await webhookReceiver()
    try {
      const dev = await developer(s, ['read', 'render'], 'test')
      const endpoint = await v1(s, 'POST', '/webhook_endpoints', {
        key: dev.key,
        body: { url: hook.url, events: ['render.completed', 'batch.completed'] },
      })
      expect(endpoint.status).toBe(201)
      const t = await plainTemplate(s, dev.key)
      await drain(s, dev.user.id, dev.token)
      const entries = await ledgerRows(s, dev.user.id)

      const accepted = await v1(s, 'POST', '/batches', {
        key: dev.key,
        body: { template_id: t.id, rows: [{ values: {} }, { values: {}, name: 'second' }] },
      })
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(202)
      expect(accepted.body).toMatchObject({ livemode: false, credits_reserved: 0, total_rows: 2 })
      let b = accepted.body
      for (let i = 0; i < 600 && b.status === 'running'; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        b = (await v1(s, 'GET', `/batches/${b.id}`, { key: dev.key })).body
      }
      expect(b).toMatchObject({
        status: 'completed',
        completed_rows: 2,
        livemode: false,
        credits_refunded: 0,
      })
      const rows = (await v1(s, 'GET', `/batches/${b.id}/rows`, { key: dev.key })).body.data
      expect(
        rows.map((r: { livemode: boolean; credits_spent: number }) => [r.livemode, r.credits_spent]),
      ).toEqual([
        [false, 0],
        [false, 0],
      ])
      const render = await v1(s, 'POST', '/renders', { key: dev.key, body: { template_id: t.id } })
      expect(render.body.status).toBe('completed')
      expect(await balance(s, dev.token)).toBe(0)
      expect(await ledgerRows(s, dev.user.id)).toBe(entries)

      await v1(s, 'POST', `/webhook_endpoints/${endpoint.body.id}/test`, { key: dev.key })
      for (let i = 0; i < 100 && hook.bodies.length < 3; i += 1) {
        await s.parts.jobs.tickWebhooks()
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      const seen = hook.bodies
        .map((b) => JSON.parse(b) as HookEvent)
        .map((e) => [e.type, e.livemode, e.data.object.livemode])
        .sort(([a], [z]) => String(a).localeCompare(String(z)))
      expect(seen).toEqual([
        ['batch.completed', false, false],
        ['ping', false, undefined],
        ['render.completed', false, false],
      ])
    } finally {
      await hook.close()
    }
  })

  it('keeps test work out of the app: Creation History, the Dashboard, Bulk create’s history and its notices', async () => {
    const dev = await developer(s)
    const test = await keyOf(s, dev.token, 'test')
    const t = await plainTemplate(s, dev.key)
    const made: Record<string, number> = {}
    for (const [mode, key] of [
      ['live', dev.key],
      ['test', test.key],
    ] as const) {
      const r = await v1(s, 'POST', '/renders', { key, body: { template_id: t.id, name: `${mode} render` } })
      expect(r.body.status).toBe('completed')
      const rows = [{ values: {}, name: `${mode} row` }]
      let b = (await v1(s, 'POST', '/batches', { key, body: { template_id: t.id, rows } })).body
      for (let i = 0; i < 600 && b.status === 'running'; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        b = (await v1(s, 'GET', `/batches/${b.id}`, { key })).body
      }
      expect(b.status).toBe('completed')
      made[mode] = b.id
    }

    const history = await s.call('GET', '/creation/list', { token: dev.token, query: { sort: 'name' } })
    expect(history.data.map((c: { name: string }) => c.name)).toEqual(['live render', 'live row'])
    expect(history.total).toBe(2)
    const searched = await s.call('GET', '/creation/list', { token: dev.token, query: { q: 'render' } })
    expect(searched.data.map((c: { name: string }) => c.name)).toEqual(['live render'])
    const dashboard = await s.call('GET', '/dashboard/summary', { token: dev.token })
    expect(dashboard.data.creationCount).toBe(2)
    const batches = await s.call('GET', '/batch/list', { token: dev.token })
    expect(batches.data.map((b: { id: number }) => b.id)).toEqual([made.live])
    expect(batches.total).toBe(1)
    const notes = await s.call('GET', '/user/my-notification', { token: dev.token })
    expect(
      notes.data
        .filter((n: { type: string }) => n.type === 'batch_completed')
        .map((n: { params: { batchId: number } }) => n.params.batchId),
    ).toEqual([made.live])
    // The API still lists each mode's own.
    const names = async (key: string) =>
      (await v1(s, 'GET', '/renders', { key })).body.data.map((r: { name: string }) => r.name)
    expect(await names(test.key)).toEqual(['test render'])
    expect(await names(dev.key)).toEqual(['live render'])
  })

  it('marks a test render’s PDF and a test batch’s PDF, and a live one’s not', async () => {
    const dev = await developer(s)
    const test = await keyOf(s, dev.token, 'test')
    const all = await v1(s, 'GET', '/templates?limit=100', { key: dev.key })
    const award = all.body.data.find((t: { slug: string }) => t.slug === 'award-certificate')
    const body = { template_id: award.id, formats: ['pdf'] }
    const live = await v1(s, 'POST', '/renders', { key: dev.key, body })
    const mine = await v1(s, 'POST', '/renders', { key: test.key, body })
    expect([live.body.status, mine.body.status]).toEqual(['completed', 'completed'])
    expect(pdfText(await fetchBytes(live.body.files.pdf))).not.toContain('TEMPLET TEST')
    expect(pdfText(await fetchBytes(mine.body.files.pdf))).toContain('TEMPLET TEST')

    const accepted = await v1(s, 'POST', '/batches', {
      key: test.key,
      body: { ...body, rows: [{ values: {} }, { values: {} }] },
    })
    let b = accepted.body
    for (let i = 0; i < 1200 && b.status === 'running'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      b = (await v1(s, 'GET', `/batches/${b.id}`, { key: test.key })).body
    }
    expect(b).toMatchObject({ status: 'completed', completed_rows: 2, livemode: false })
    const pages = pdfText(await fetchBytes(b.pdf_url)).split('\f')
    expect(pages.filter((p) => p.includes('TEMPLET TEST'))).toHaveLength(2)
  }, 120_000)

  it('keeps each mode’s Idempotency-Keys apart: a test request never replays a live answer', async () => {
    const dev = await developer(s)
    const test = await keyOf(s, dev.token, 'test')
    const t = await plainTemplate(s, dev.key)
    const send = (key: string) =>
      v1(s, 'POST', '/renders', {
        key,
        body: { template_id: t.id },
        headers: { 'idempotency-key': 'order-1', prefer: 'respond-async' },
      })
    const live = await send(dev.key)
    const mine = await send(test.key)
    expect(mine.headers.get('idempotent-replayed')).toBeNull()
    expect(mine.body).toMatchObject({ livemode: false })
    expect(mine.body.id).not.toBe(live.body.id)
    const again = await send(dev.key)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.body).toMatchObject({ id: live.body.id, livemode: true })
  })

  it('a test key’s signed image URL renders watermarked for nothing', async () => {
    const dev = await developer(s)
    const live = await keyOf(s, dev.token, 'live')
    const test = await keyOf(s, dev.token, 'test')
    const t = await plainTemplate(s, dev.key)
    const query: [string, string][] = [['size', t.sizes[0]?.id as string]]
    const livePng = await fetchBytes(signedUrl(s.url, live.keyId, live.urlSecret, `${t.id}.png`, query))
    await drain(s, dev.user.id, dev.token)
    const entries = await ledgerRows(s, dev.user.id)
    const testPng = await fetchBytes(signedUrl(s.url, test.keyId, test.urlSecret, `${t.id}.png`, query))
    expect(await balance(s, dev.token)).toBe(0)
    expect(await ledgerRows(s, dev.user.id)).toBe(entries)
    expect(await differing(livePng, testPng)).toBeGreaterThan(0.02)
    const made = await s.db.kysely
      .selectFrom('renders')
      .select(['livemode', 'credits_spent'])
      .where('api_key_id', '=', test.keyId)
      .execute()
    expect(made).toEqual([{ livemode: 0, credits_spent: 0 }])
  })
})

describe.each(engines)('a test render that keeps failing on %s', (engine) => {
  let s: TestServer
  const asked: (boolean | undefined)[] = []
  beforeAll(async () => {
    s = await startServer(
      engine,
      {},
      {
        jobs: true,
        media: {
          renderer: {
            ...defaultRenderer,
            render: async (_template, _values, options) => {
              asked.push(options?.watermark)
              throw new Error('renderer crashed')
            },
          },
        },
      },
    )
  })
  afterAll(() => s.close())

  it('is drawn watermarked by its job, and fails refunding nothing, for it spent nothing', async () => {
    const dev = await developer(s, ['read', 'render'], 'test')
    const t = await plainTemplate(s, dev.key)
    const entries = await ledgerRows(s, dev.user.id)
    const r = await v1(s, 'POST', '/renders', {
      key: dev.key,
      body: { template_id: t.id },
      headers: { prefer: 'respond-async' },
    })
    expect(r.status).toBe(202)
    let render = r.body
    for (let i = 0; i < 300 && render.status !== 'failed'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      render = (await v1(s, 'GET', `/renders/${r.body.id}`, { key: dev.key })).body
    }
    expect(render).toMatchObject({ status: 'failed', livemode: false, credits_spent: 0 })
    expect(render.error.detail).not.toContain('refunded')
    expect(asked.length).toBeGreaterThan(0)
    expect(asked.every((w) => w === true)).toBe(true)
    expect(await ledgerRows(s, dev.user.id)).toBe(entries)
    expect(await balance(s, dev.token)).toBe(5)
  }, 30_000)
})
