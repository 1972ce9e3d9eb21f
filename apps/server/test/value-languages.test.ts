import type { Creation, CreationDetail, TemplateDetail } from '@templet/api/contract'
import { unzipSync } from 'fflate'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines, startServer, type TestServer } from './harness'
import { allTemplates, detailOf } from './media/catalogue'
import { developer, v1 } from './v1-helpers'

/**
 * The language of a text value (issue 32): given with a creation, a preview and a `/v1` render, checked,
 * stored with the creation and the render, answered back, and drawn again the same way when the creation is
 * re-opened and made again or the render's job draws it. 骨, 直 and 海 differ between mainland, Taiwan's and
 * Japanese print, so the pictures tell the languages apart.
 */

const HAN = '骨直海'

/** The raw pixels of an image's bytes (PNG, WebP, JPEG). */
const pixelsOf = async (bytes: ArrayBuffer | Buffer) =>
  sharp(Buffer.from(bytes as ArrayBuffer))
    .raw()
    .toBuffer()

/** Pixels differing by more than a quarter of the range, over every channel. */
function differing(a: Buffer, b: Buffer): number {
  expect(a.length).toBe(b.length)
  let n = 0
  for (let i = 0; i < a.length; i++) if (Math.abs((a[i] ?? 0) - (b[i] ?? 0)) > 64) n++
  return n
}

describe.each(engines)('a value’s language on %s', (engine) => {
  let s: TestServer
  let t: TemplateDetail
  beforeAll(async () => {
    s = await startServer(engine, { PREVIEW_LIMIT: '50', PREVIEW_WINDOW_SECONDS: '60' }, { jobs: true })
    // The catalogue's bold quote: a large text field (`quote`) and a colour field (`accent`), no photo.
    for (const summary of await allTemplates(s)) {
      const d = await detailOf(s, summary.id)
      if (d.fields.some((f) => f.key === 'quote') && d.fields.some((f) => f.key === 'accent')) t = d
    }
    if (!t) throw new Error('no template with a quote and an accent field')
  })
  afterAll(() => s.close())

  const create = (token: string, body: Record<string, unknown>) =>
    s.call<Creation & { credits: number; issues?: unknown }>('POST', '/creation/create', { token, body })
  const png = async (c: Creation) =>
    pixelsOf(await (await fetch(`${s.url}${c.files.png as string}`)).arrayBuffer())
  const detail = async (token: string, id: number) =>
    (await s.call<CreationDetail>('GET', '/creation/detail', { token, query: { id } })).data

  it('draws the value in its language, keeps the language, and makes the same picture again from it', async () => {
    const { token } = await s.signUp()
    const values = { quote: HAN }
    const ja = await create(token, { templateId: t.id, values, valueLanguages: { quote: 'ja' } })
    const cn = await create(token, { templateId: t.id, values, valueLanguages: { quote: 'zh-CN' } })
    const plain = await create(token, { templateId: t.id, values })
    expect([ja.code, cn.code, plain.code]).toEqual([0, 0, 0])
    const [jaPixels, cnPixels, plainPixels] = await Promise.all([png(ja.data), png(cn.data), png(plain.data)])
    expect(differing(jaPixels, cnPixels)).toBeGreaterThan(500)
    // No language: drawn as before (these characters read as mainland Chinese).
    expect(differing(plainPixels, cnPixels)).toBe(0)

    // Re-opened: the language comes back with the values; none comes back as none.
    const reopened = await detail(token, ja.data.id)
    expect(reopened).toMatchObject({ values, valueLanguages: { quote: 'ja' } })
    expect((await detail(token, plain.data.id)).valueLanguages).toEqual({})

    // Made again from what was re-opened: the same picture.
    const again = await create(token, {
      templateId: t.id,
      values: reopened.values,
      valueLanguages: reopened.valueLanguages,
    })
    expect(again.code).toBe(0)
    expect(differing(await png(again.data), jaPixels)).toBe(0)
  })

  it('keeps a tag in its canonical case and draws zh-tw in traditional forms', async () => {
    const { token } = await s.signUp()
    const tw = await create(token, {
      templateId: t.id,
      values: { quote: HAN },
      valueLanguages: { quote: 'zh-tw' },
    })
    expect(tw.code).toBe(0)
    expect((await detail(token, tw.data.id)).valueLanguages).toEqual({ quote: 'zh-TW' })
    const cn = await create(token, { templateId: t.id, values: { quote: HAN } })
    expect(differing(await png(tw.data), await png(cn.data))).toBeGreaterThan(500)
  })

  it('previews in the value’s language', async () => {
    const { token } = await s.signUp()
    const preview = async (lang: string) => {
      const res = await fetch(`${s.url}/api/creation/preview`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bucket ${token}` },
        body: JSON.stringify({ templateId: t.id, values: { quote: HAN }, valueLanguages: { quote: lang } }),
      })
      expect(res.headers.get('content-type')).toBe('image/webp')
      return pixelsOf(await res.arrayBuffer())
    }
    expect(differing(await preview('ja'), await preview('zh-CN'))).toBeGreaterThan(100)
  })

  it('refuses a malformed tag, an unknown field and a field that is no text, naming each, and spends nothing', async () => {
    const { token } = await s.signUp()
    const malformed = await create(token, {
      templateId: t.id,
      values: { quote: HAN },
      valueLanguages: { quote: 'ja_JP' },
    })
    expect(malformed.code).toBe(400)
    expect(malformed.msg).toContain('valueLanguages.quote')
    expect(malformed.msg).toContain('language tag')
    expect(malformed.data.issues).toEqual([
      { path: ['valueLanguages', 'quote'], code: 'invalid_format', params: { format: 'language_tag' } },
    ])
    const elsewhere = await create(token, {
      templateId: t.id,
      values: { quote: HAN },
      valueLanguages: { nothing: 'ja', accent: 'ja' },
    })
    expect(elsewhere.code).toBe(400)
    expect(elsewhere.msg).toContain('valueLanguages.nothing: Unknown field')
    expect(elsewhere.msg).toContain('valueLanguages.accent: A language is declared for text fields only')
    expect(elsewhere.data.issues).toEqual([
      { path: ['valueLanguages', 'nothing'], code: 'unrecognized_key', params: {} },
      { path: ['valueLanguages', 'accent'], code: 'invalid', params: { reason: 'not_text_field' } },
    ])
    const notAnObject = await create(token, { templateId: t.id, values: {}, valueLanguages: 'ja' })
    expect(notAnObject.code).toBe(400)
    expect(notAnObject.msg).toContain('valueLanguages')
    const preview = await s.call('POST', '/creation/preview', {
      token,
      body: { templateId: t.id, values: {}, valueLanguages: { accent: 'ja' } },
    })
    expect(preview.code).toBe(400)
    expect((await s.call('GET', '/user/my-info', { token })).data.credits).toBe(5)
  })

  it('/v1: a render keeps value_languages, its job draws them, and a bad one is a problem naming the field', async () => {
    const dev = await developer(s)
    const render = async (languages?: Record<string, string>) => {
      const r = await v1(s, 'POST', '/renders', {
        key: dev.key,
        // Queued: the worker draws it later from what was stored, not from this request.
        headers: { prefer: 'respond-async' },
        body: { template_id: t.id, values: { quote: HAN }, ...(languages && { value_languages: languages }) },
      })
      expect(r.status).toBe(202)
      let got = r.body
      for (let i = 0; i < 200 && got.status !== 'completed' && got.status !== 'failed'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        got = (await v1(s, 'GET', `/renders/${r.body.id}`, { key: dev.key })).body
      }
      expect(got.status).toBe('completed')
      return got
    }
    const ja = await render({ quote: 'JA' })
    expect(ja.value_languages).toEqual({ quote: 'ja' })
    const plain = await render()
    expect(plain.value_languages).toEqual({})
    const pixels = async (r: { files: { png: string } }) =>
      pixelsOf(await (await fetch(r.files.png)).arrayBuffer())
    expect(differing(await pixels(ja), await pixels(plain))).toBeGreaterThan(500)

    const bad = await v1(s, 'POST', '/renders', {
      key: dev.key,
      body: { template_id: t.id, values: { quote: HAN }, value_languages: { quote: 'not a tag' } },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.issues).toEqual([
      expect.objectContaining({ path: ['value_languages', 'quote'], code: 'invalid_format' }),
    ])
    const colour = await v1(s, 'POST', '/renders', {
      key: dev.key,
      body: { template_id: t.id, value_languages: { accent: 'ja' } },
    })
    expect(colour.status).toBe(400)
    expect(colour.body.detail).toContain('value_languages.accent')
    expect(colour.body.issues).toEqual([
      { path: ['value_languages', 'accent'], code: 'invalid', params: { reason: 'not_text_field' } },
    ])
  })

  it('/v1 batches: each row keeps its own value_languages, its render draws them, and a bad one fails that row alone', async () => {
    const dev = await developer(s)
    const r = await v1(s, 'POST', '/batches', {
      key: dev.key,
      body: {
        template_id: t.id,
        rows: [
          { values: { quote: HAN }, value_languages: { quote: 'JA' } },
          { values: { quote: HAN } },
          { values: { quote: HAN }, value_languages: { accent: 'ja' } },
        ],
      },
    })
    expect(r.status).toBe(202)
    // A language for a field that is no text is that row's problem, reported with its number.
    expect(r.body.errors).toEqual([
      expect.objectContaining({
        row: 3,
        issues: [
          { path: ['value_languages', 'accent'], code: 'invalid', params: { reason: 'not_text_field' } },
        ],
      }),
    ])
    let batch = r.body
    for (let i = 0; i < 200 && batch.status === 'running'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      batch = (await v1(s, 'GET', `/batches/${r.body.id}`, { key: dev.key })).body
    }
    expect(batch).toMatchObject({ status: 'completed', completed_rows: 2, failed_rows: 1 })
    // The rows as stored: each with its own languages, in canonical case.
    const stored = await s.db.kysely
      .selectFrom('renders')
      .select(['row_number', 'value_languages'])
      .where('batch_id', '=', r.body.id)
      .orderBy('row_number')
      .execute()
    expect(stored.map((x) => x.value_languages)).toEqual([JSON.stringify({ quote: 'ja' }), null, null])
    // And drawn so: the ZIP's first row (Japanese forms) differs from its second (the template's).
    const zip = unzipSync(new Uint8Array(await (await fetch(batch.archive_url)).arrayBuffer()))
    const pixels = async (row: number) => {
      const name = Object.keys(zip).find((n) => n.startsWith(`000${row}`) && n.endsWith('.png'))
      return pixelsOf(Buffer.from(zip[name ?? ''] ?? new Uint8Array()))
    }
    expect(differing(await pixels(1), await pixels(2))).toBeGreaterThan(500)

    // A malformed tag is the request's problem, as a value that is no string is: nothing is accepted.
    const malformed = await v1(s, 'POST', '/batches', {
      key: dev.key,
      body: {
        template_id: t.id,
        rows: [{ values: { quote: HAN }, value_languages: { quote: 'not a tag' } }],
      },
    })
    expect(malformed.status).toBe(400)
    expect(malformed.body.issues).toEqual([
      expect.objectContaining({ path: ['rows', 0, 'value_languages', 'quote'], code: 'invalid_format' }),
    ])
  })

  it('/v1 batches: a CSV body gives a text value’s language in its `<key>.lang` column; a bad tag fails its row', async () => {
    const dev = await developer(s)
    const r = await v1(s, 'POST', `/batches?template_id=${t.id}`, {
      key: dev.key,
      headers: { 'content-type': 'text/csv' },
      rawBody: `quote,quote.lang\n${HAN},JA\n${HAN},not a tag\n${HAN},\n`,
    })
    expect(r.status).toBe(202)
    expect(r.body.errors).toEqual([
      expect.objectContaining({
        row: 2,
        issues: [
          { path: ['value_languages', 'quote'], code: 'invalid_format', params: { format: 'language_tag' } },
        ],
      }),
    ])
    const stored = await s.db.kysely
      .selectFrom('renders')
      .select(['row_number', 'value_languages'])
      .where('batch_id', '=', r.body.id)
      .orderBy('row_number')
      .execute()
    expect(stored.map((x) => x.value_languages)).toEqual([JSON.stringify({ quote: 'ja' }), null, null])
  })

  it('both OpenAPI documents describe the field as optional', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the assertions read the document
    const api: any = await (await fetch(`${s.url}/api/openapi.json`)).json()
    const body = api.paths['/creation/create'].post.requestBody.content['application/json'].schema
    expect(Object.keys(body.properties)).toContain('valueLanguages')
    expect(body.required).not.toContain('valueLanguages')
    const preview = api.paths['/creation/preview'].post.requestBody.content['application/json'].schema
    expect(Object.keys(preview.properties)).toContain('valueLanguages')
    // biome-ignore lint/suspicious/noExplicitAny: the assertions read the document
    const doc: any = await (await fetch(`${s.url}/v1/openapi.json`)).json()
    expect(doc.components.schemas.ValueLanguages).toMatchObject({ type: 'object' })
    expect(doc.components.schemas.RenderCreate.required).not.toContain('value_languages')
    expect(doc.components.schemas.Render.required).toContain('value_languages')
  })
})
