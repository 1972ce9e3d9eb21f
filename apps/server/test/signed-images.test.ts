import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines, startServer, type TestServer } from './harness'
import { balance, developer, plainTemplate, signedImageUrl as signedUrl } from './v1-helpers'

async function signedDeveloper(s: TestServer, scopes: ('read' | 'render')[] = ['read', 'render']) {
  const account = await s.signUp()
  const made = await s.call('POST', '/key/create', { token: account.token, body: { name: 'images', scopes } })
  expect(made.code).toBe(0)
  expect(made.data.urlSecret).toMatch(/^tk_url_[0-9a-f]{64}$/)
  return {
    ...account,
    key: made.data.key as string,
    keyId: made.data.id as number,
    secret: made.data.urlSecret,
  }
}

describe.each(engines)('signed image URLs on %s', (engine) => {
  let s: TestServer
  let twin: TestServer
  beforeAll(async () => {
    s = await startServer(engine, { WORKER_CONCURRENCY: '2' }, { jobs: true })
    twin = await s.twin()
  })
  afterAll(async () => {
    await twin.close()
    await s.close()
  })

  it('renders on the first GET for one credit; later ones, in any query order, come from storage and revalidate to 304', async () => {
    const dev = await signedDeveloper(s)
    const t = await plainTemplate(s, (await developer(s)).key)
    const text = t.fields.find((f) => f.kind === 'text')?.key as string
    const size = t.sizes[0]?.id as string
    const url = signedUrl(s.url, dev.keyId, dev.secret, `${t.id}.png`, [
      [text, 'Hello, 世界 & friends'],
      ['size', size],
    ])
    const before = await balance(s, dev.token)
    const first = await fetch(url)
    expect(first.status, await first.clone().text()).toBe(200)
    expect(first.headers.get('content-type')).toBe('image/png')
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(first.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
    const etag = first.headers.get('etag') as string
    expect(etag).toMatch(/^"\d+-[0-9a-f]{16}"$/)
    const bytes = Buffer.from(await first.arrayBuffer())
    expect(bytes.subarray(1, 4).toString()).toBe('PNG')
    expect(await balance(s, dev.token)).toBe(before - 1)

    // The same URL with its query in another order is the same image, served by the other process too.
    const reordered = signedUrl(twin.url, dev.keyId, dev.secret, `${t.id}.png`, [
      ['size', size],
      [text, 'Hello, 世界 & friends'],
    ])
    const again = await fetch(reordered)
    expect(again.status).toBe(200)
    expect(again.headers.get('etag')).toBe(etag)
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true)
    const revalidated = await fetch(url, { headers: { 'if-none-match': etag } })
    expect(revalidated.status).toBe(304)
    expect(await balance(s, dev.token)).toBe(before - 1)

    // One render, listed among the key's renders.
    const renders = await fetch(`${s.url}/v1/renders`, { headers: { authorization: `Bearer ${dev.key}` } })
    expect(((await renders.json()) as { data: unknown[] }).data).toHaveLength(1)
  }, 60_000)

  it('refuses a tampered value, a tampered signature, a read-only key and a revoked key with 403, spending nothing', async () => {
    const dev = await signedDeveloper(s)
    const t = await plainTemplate(s, dev.key)
    const text = t.fields.find((f) => f.kind === 'text')?.key as string
    const url = signedUrl(s.url, dev.keyId, dev.secret, `${t.id}.png`, [[text, 'Ada']])
    const before = await balance(s, dev.token)
    const tampered = url.replace('=Ada', '=Eve')
    const refused = await fetch(tampered)
    expect(refused.status).toBe(403)
    expect(refused.headers.get('content-type')).toBe('application/problem+json')
    expect((await fetch(url.replace(/s=[0-9a-f]{4}/, 's=0000'))).status).toBe(403)
    expect((await fetch(url.replace(/&?s=[0-9a-f]+/, ''))).status).toBe(403)
    // Another key's secret signs nothing of this key's.
    const other = await signedDeveloper(s)
    expect(
      (await fetch(signedUrl(s.url, dev.keyId, other.secret, `${t.id}.png`, [[text, 'Ada']]))).status,
    ).toBe(403)
    const reader = await signedDeveloper(s, ['read'])
    expect((await fetch(signedUrl(s.url, reader.keyId, reader.secret, `${t.id}.png`, []))).status).toBe(403)
    await s.call('POST', '/key/revoke', { token: dev.token, body: { id: dev.keyId } })
    expect((await fetch(url)).status).toBe(403)
    expect(await balance(s, dev.token)).toBe(before)
  })

  it('a value the template refuses is a 400 problem and spends nothing; an unknown extension is a 404', async () => {
    const dev = await signedDeveloper(s)
    const t = await plainTemplate(s, dev.key)
    const before = await balance(s, dev.token)
    const url = signedUrl(s.url, dev.keyId, dev.secret, `${t.id}.jpg`, [['no_such_field', 'x']])
    for (let i = 0; i < 2; i += 1) {
      const r = await fetch(url)
      expect(r.status).toBe(400)
      expect(((await r.json()) as { issues: { path: string[] }[] }).issues[0]?.path).toEqual([
        'values',
        'no_such_field',
      ])
    }
    expect(await balance(s, dev.token)).toBe(before)
    expect((await fetch(signedUrl(s.url, dev.keyId, dev.secret, `${t.id}.gif`, []))).status).toBe(404)
  })

  it('12 first requests at once over two processes make one render and spend one credit', async () => {
    const dev = await signedDeveloper(s)
    const t = await plainTemplate(s, dev.key)
    const text = t.fields.find((f) => f.kind === 'text')?.key as string
    const query: [string, string][] = [[text, 'At once']]
    const before = await balance(s, dev.token)
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        fetch(signedUrl(i % 2 ? twin.url : s.url, dev.keyId, dev.secret, `${t.id}.webp`, query)),
      ),
    )
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200))
    expect(new Set(answers.map((a) => a.headers.get('etag'))).size).toBe(1)
    expect(await balance(s, dev.token)).toBe(before - 1)
    const made = await s.db.kysely
      .selectFrom('renders')
      .select('id')
      .where('user_id', '=', dev.user.id)
      .execute()
    expect(made).toHaveLength(1)
  }, 60_000)
})

describe.each(engines)('a signed image URL behind a long queue on %s', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    // No workers and a short wait: the render waits in the queue past the answer.
    s = await startServer(engine, { RENDER_WAIT_MS: '300' }, { jobs: 'queue' })
  })
  afterAll(() => s.close())

  it('answers 202 with Retry-After instead of holding the request, and renders once', async () => {
    const dev = await signedDeveloper(s)
    const t = await plainTemplate(s, dev.key)
    const url = signedUrl(s.url, dev.keyId, dev.secret, `${t.id}.png`, [])
    const before = await balance(s, dev.token)
    for (let i = 0; i < 2; i += 1) {
      const r = await fetch(url)
      expect(r.status).toBe(202)
      expect(r.headers.get('retry-after')).toBe('1')
      expect(r.headers.get('cache-control')).toBe('no-store')
    }
    expect(await balance(s, dev.token)).toBe(before - 1)
  })
})
