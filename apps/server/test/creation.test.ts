import {
  type Creation,
  readTruncatedFields,
  type TemplateDetail,
  TRUNCATED_FIELDS_HEADER,
} from '@templet/api/contract'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultRenderer } from '../src/services/renderer'
import { engines, startServer, type TestServer } from './harness'
import { allTemplates, detailOf, templateWith, uploadImage, validValues } from './media/catalogue'
import { solidImage } from './media/images'

const credits = async (s: TestServer, token: string) =>
  (await s.call('GET', '/user/my-info', { token })).data.credits as number

/** Every file the storage holds under `prefix`. */
async function storedKeys(s: TestServer, prefix = 'creations/'): Promise<string[]> {
  const keys: string[] = []
  for await (const o of s.storage.list(prefix)) keys.push(o.key)
  return keys
}

describe.each(engines)('creations on %s', (engine) => {
  let s: TestServer
  let t: TemplateDetail
  beforeAll(async () => {
    s = await startServer(engine, { PREVIEW_LIMIT: '5', PREVIEW_WINDOW_SECONDS: '60' })
    t = await detailOf(s, (await allTemplates(s))[0]?.id as number)
  })
  afterAll(() => s.close())

  const create = (token: string, body: Record<string, unknown>) =>
    s.call<Creation & { credits: number }>('POST', '/creation/create', { token, body })

  it('renders a creation for one credit, with PNG, JPEG, WebP and a thumbnail at signed URLs', async () => {
    const { token } = await s.signUp()
    const values = await validValues(s, token, t)
    const r = await create(token, { templateId: t.id, values, name: 'Launch card' })
    expect(r.code).toBe(0)
    expect(r.data).toMatchObject({ templateId: t.id, typeId: t.typeId, name: 'Launch card', credits: 4 })
    expect(r.data.sizeId).toBe(t.sizes[0]?.id)
    expect(await credits(s, token)).toBe(4)
    for (const [format, url] of Object.entries(r.data.files)) {
      const res = await fetch(`${s.url}${url}`)
      expect(res.status).toBe(200)
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata()
      expect(meta).toMatchObject({ format, width: r.data.width, height: r.data.height })
    }
    const thumb = await sharp(
      Buffer.from(await (await fetch(`${s.url}${r.data.thumbnailUrl}`)).arrayBuffer()),
    ).metadata()
    expect(thumb.format).toBe('webp')
    expect(Math.max(thumb.width ?? 0, thumb.height ?? 0)).toBe(480)
    const download = await fetch(`${s.url}${r.data.files.png}&download=1`)
    // Named after the creation and its size, a name every OS takes.
    expect(download.headers.get('content-disposition')).toContain("filename*=UTF-8''launch-card-square.png")
  })

  it('re-opens a creation with its values, size and language', async () => {
    const { token } = await s.signUp()
    const text = t.fields.find((f) => f.kind === 'text')
    const values = { ...(await validValues(s, token, t)), ...(text ? { [text.key]: '你好，世界' } : {}) }
    const size = t.sizes.at(-1)?.id as string
    const made = await create(token, { templateId: t.id, values, sizeId: size, locale: 'zh-CN' })
    expect(made.code).toBe(0)
    const r = await s.call('GET', '/creation/detail', { token, query: { id: made.data.id } })
    expect(r.code).toBe(0)
    expect(r.data).toMatchObject({
      id: made.data.id,
      values,
      sizeId: size,
      locale: 'zh-CN',
      // Named by the text typed into it.
      name: text ? '你好，世界' : t.names['zh-CN'],
    })
  })

  it("answers 404 for another user's creation everywhere and never lists it", async () => {
    const owner = await s.signUp()
    const other = await s.signUp()
    const made = await create(owner.token, { templateId: t.id, values: await validValues(s, owner.token, t) })
    const id = made.data.id
    expect((await s.call('GET', '/creation/detail', { token: other.token, query: { id } })).code).toBe(404)
    expect((await s.call('POST', '/creation/delete', { token: other.token, body: { id } })).code).toBe(404)
    const list = await s.call('GET', '/creation/list', { token: other.token })
    expect(list).toMatchObject({ code: 0, data: [], total: 0 })
    // Still there for its owner.
    expect((await s.call('GET', '/creation/detail', { token: owner.token, query: { id } })).code).toBe(0)
    expect(
      (await s.call('GET', '/creation/detail', { token: owner.token, query: { id: 2 ** 40 } })).code,
    ).toBe(404)
  })

  it("answers 404 naming the field for another user's upload as an image value, and for their upload's detail", async () => {
    const d = await templateWith(s, 'image')
    const field = d.fields.find((f) => f.kind === 'image')?.key as string
    const owner = await s.signUp()
    const other = await s.signUp()
    const theirs = await uploadImage(s, owner.token)
    // The owner's preview leaves the photo decoded in the server's memory; it is still nobody else's to draw.
    const shown = await fetch(`${s.url}/api/creation/preview`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bucket ${owner.token}` },
      body: JSON.stringify({
        templateId: d.id,
        values: { ...(await validValues(s, owner.token, d)), [field]: String(theirs) },
      }),
    })
    expect(shown.headers.get('content-type')).toMatch(/^image\//)
    const values = { ...(await validValues(s, other.token, d)), [field]: String(theirs) }
    for (const path of ['/creation/create', '/creation/preview']) {
      const r = await s.call('POST', path, { token: other.token, body: { templateId: d.id, values } })
      expect(r).toMatchObject({ code: 404, msg: `values.${field}: Upload not found` })
    }
    expect(await credits(s, other.token)).toBe(5)
    expect((await s.call('GET', '/upload/detail', { token: other.token, query: { id: theirs } })).code).toBe(
      404,
    )
    const ownView = await s.call('GET', '/upload/detail', { token: owner.token, query: { id: theirs } })
    expect(ownView.data).toMatchObject({ id: theirs, width: 64, height: 64 })
    const mine = await uploadImage(s, other.token)
    const made = await create(other.token, { templateId: d.id, values: { ...values, [field]: String(mine) } })
    expect(made.code).toBe(0)
    // Re-opening gives the upload's details for the editor, with a working URL.
    const reopened = await s.call('GET', '/creation/detail', {
      token: other.token,
      query: { id: made.data.id },
    })
    expect(reopened.data.uploads[field]).toMatchObject({ id: mine, width: 64, height: 64 })
    expect((await fetch(`${s.url}${reopened.data.uploads[field].url}`)).status).toBe(200)
  })

  it("answers 404 naming the field when an upload's file is gone from the storage, spending and storing nothing", async () => {
    const d = await templateWith(s, 'image')
    const field = d.fields.find((f) => f.kind === 'image')?.key as string
    const { token } = await s.signUp()
    const others = new Set(await storedKeys(s, 'uploads/'))
    const mine = await uploadImage(s, token)
    const itsFile = (await storedKeys(s, 'uploads/')).filter((k) => !others.has(k))
    expect(itsFile).toHaveLength(1)
    await s.storage.delete(itsFile)
    const before = await storedKeys(s)
    const values = { ...(await validValues(s, token, d)), [field]: String(mine) }
    for (const path of ['/creation/create', '/creation/preview']) {
      const r = await s.call('POST', path, { token, body: { templateId: d.id, values } })
      expect(r).toMatchObject({ code: 404, msg: `values.${field}: Upload not found` })
    }
    expect(await credits(s, token)).toBe(5)
    expect(await storedKeys(s)).toEqual(before)
  })

  it('fails the creation and the preview when the storage cannot read a photo now, spending nothing, and makes it once it can', async () => {
    const d = await templateWith(s, 'image')
    const field = d.fields.find((f) => f.kind === 'image')?.key as string
    const { token } = await s.signUp()
    const others = new Set(await storedKeys(s, 'uploads/'))
    const mine = await uploadImage(s, token)
    const [itsFile] = (await storedKeys(s, 'uploads/')).filter((k) => !others.has(k))
    const values = { ...(await validValues(s, token, d)), [field]: String(mine) }
    const before = await storedKeys(s)
    const get = s.storage.get.bind(s.storage)
    s.storage.get = async (key) => {
      if (key === itsFile) throw Object.assign(new Error('read failed'), { code: 'EIO' })
      return get(key)
    }
    try {
      for (const path of ['/creation/create', '/creation/preview']) {
        const r = await s.call('POST', path, { token, body: { templateId: d.id, values } })
        // Not drawn as a missing photo: a paid picture without its photo would be worse than a retry.
        expect(r).toMatchObject({ code: 500, msg: 'Something went wrong on our side; please try again' })
      }
      expect(await credits(s, token)).toBe(5)
      expect(await storedKeys(s)).toEqual(before)
    } finally {
      s.storage.get = get
    }
    const made = await create(token, { templateId: d.id, values })
    expect(made.code).toBe(0)
    expect(await credits(s, token)).toBe(4)
  })

  it('takes an image value with a focal point: the upload is still checked, the point kept, a point outside refused', async () => {
    const d = await templateWith(s, 'image')
    const field = d.fields.find((f) => f.kind === 'image')?.key as string
    const owner = await s.signUp()
    const other = await s.signUp()
    const theirs = await uploadImage(s, owner.token)
    const base = await validValues(s, other.token, d)
    const stolen = await create(other.token, {
      templateId: d.id,
      values: { ...base, [field]: `${theirs}@0.2,0.8` },
    })
    expect(stolen).toMatchObject({ code: 404, msg: `values.${field}: Upload not found` })
    const mine = await uploadImage(s, other.token)
    const outside = await create(other.token, {
      templateId: d.id,
      values: { ...base, [field]: `${mine}@1.2,0.5` },
    })
    expect(outside).toMatchObject({ code: 400 })
    expect(outside.msg).toMatch(new RegExp(`^values\\.${field}: The focal point must be inside the image`))
    expect(await credits(s, other.token)).toBe(5)
    const made = await create(other.token, {
      templateId: d.id,
      values: { ...base, [field]: `${mine}@0.2,0.8` },
    })
    expect(made.code).toBe(0)
    const reopened = await s.call('GET', '/creation/detail', {
      token: other.token,
      query: { id: made.data.id },
    })
    expect(reopened.data.values[field]).toBe(`${mine}@0.2,0.8`)
    expect(reopened.data.uploads[field]).toMatchObject({ id: mine, width: 64, height: 64 })
  })

  it('validates values with the template: 400 naming the field, no credit spent', async () => {
    const d = await templateWith(s, 'text')
    const text = d.fields.find((f) => f.kind === 'text')
    if (text?.kind !== 'text') throw new Error('no text field')
    const { token } = await s.signUp()
    const base = await validValues(s, token, d)
    const tooLong = await create(token, {
      templateId: d.id,
      values: { ...base, [text.key]: 'x'.repeat(text.maxLength + 1) },
    })
    expect(tooLong).toMatchObject({
      code: 400,
      msg: `values.${text.key}: Must be at most ${text.maxLength} characters`,
    })
    const unknown = await create(token, { templateId: d.id, values: { ...base, nope: 'x' } })
    expect(unknown).toMatchObject({ code: 400, msg: 'values.nope: Unknown field' })
    // Characters no font of the template has: the answer names them and their script, by key for the web.
    const ethiopic = await create(token, { templateId: d.id, values: { ...base, [text.key]: 'ሰላም' } })
    expect(ethiopic).toMatchObject({
      code: 400,
      msg: expect.stringContaining('ሰላም (Ethiopic script)'),
      data: {
        issues: [
          {
            path: ['values', text.key],
            code: 'unsupported_characters',
            params: { characters: 'ሰላም', script: 'Ethiopic' },
          },
        ],
      },
    })
    const color = d.fields.find((f) => f.kind === 'color')
    if (color) {
      const bad = await create(token, { templateId: d.id, values: { ...base, [color.key]: 'red' } })
      expect(bad).toMatchObject({ code: 400, msg: `values.${color.key}: Must be a colour like #1a2b3c` })
    }
    // A size the template does not have is refused, naming the sizes there are; never drawn in another size.
    const size = await create(token, { templateId: d.id, values: base, sizeId: 'nope' })
    const sizeIds = d.sizes.map((x) => x.id)
    expect(size).toMatchObject({
      code: 400,
      msg: `sizeId: Must be one of ${sizeIds.join(', ')}`,
      data: { issues: [{ path: ['sizeId'], code: 'invalid_value', params: { options: sizeIds.join(',') } }] },
    })
    expect((await create(token, { templateId: 999_999, values: {} })).code).toBe(404)
    expect((await create(token, { templateId: '1', values: {} })).msg).toBe(
      'templateId: templateId must be a number',
    )
    expect((await create(token, { templateId: d.id, values: { a: 1 } })).code).toBe(400)
    expect(await credits(s, token)).toBe(5)
    expect(await s.call('GET', '/creation/list', { token })).toMatchObject({ total: 0 })
  })

  it('answers 402 without credit and stores nothing', async () => {
    const { token } = await s.signUp()
    const values = await validValues(s, token, t)
    for (let i = 0; i < 5; i++) expect((await create(token, { templateId: t.id, values })).code).toBe(0)
    const before = await storedKeys(s)
    const r = await create(token, { templateId: t.id, values })
    expect(r).toMatchObject({ code: 402, msg: 'Not enough credits; buy more to continue' })
    expect(await credits(s, token)).toBe(0)
    expect(await storedKeys(s)).toEqual(before)
    expect((await s.call('GET', '/creation/list', { token })).total).toBe(5)
  })

  it('makes exactly 5 of 50 concurrent creations on 5 credits and leaves the balance at 0', async () => {
    const { token } = await s.signUp()
    const values = await validValues(s, token, t)
    const before = (await storedKeys(s)).length
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => create(token, { templateId: t.id, values })),
    )
    const codes = replies.map((r) => r.code)
    expect(codes.filter((c) => c === 0)).toHaveLength(5)
    expect(codes.filter((c) => c === 402)).toHaveLength(45)
    expect(await credits(s, token)).toBe(0)
    expect((await s.call('GET', '/creation/list', { token })).total).toBe(5)
    // Refused creations leave no files behind.
    expect((await storedKeys(s)).length - before).toBe(5 * 4)
  })

  it('lists newest first with type and template filters, name search and paging', async () => {
    const { token } = await s.signUp()
    const templates = await allTemplates(s)
    const [a, b] = [templates[0], templates.find((x) => x.typeId !== templates[0]?.typeId) ?? templates[1]]
    if (!a || !b) throw new Error('the catalogue needs two templates')
    const made: Creation[] = []
    for (const [tpl, name] of [
      [a, 'Summer sale'],
      [b, 'Winter SALE 100%'],
      [a, 'Team photo'],
    ] as const) {
      const values = await validValues(s, token, await detailOf(s, tpl.id))
      const r = await create(token, { templateId: tpl.id, values, name })
      expect(r.code).toBe(0)
      made.push(r.data)
      s.advance(1000)
    }
    const list = (query: Record<string, string | number>) =>
      s.call<Creation[]>('GET', '/creation/list', { token, query })
    const all = await list({})
    expect(all.data.map((c) => c.name)).toEqual(['Team photo', 'Winter SALE 100%', 'Summer sale'])
    expect(all.total).toBe(3)
    expect((await list({ templateId: a.id })).data.map((c) => c.name)).toEqual(['Team photo', 'Summer sale'])
    if (a.typeId !== b.typeId)
      expect((await list({ typeId: b.typeId })).data.map((c) => c.name)).toEqual(['Winter SALE 100%'])
    expect((await list({ q: 'sale' })).data.map((c) => c.name)).toEqual(['Winter SALE 100%', 'Summer sale'])
    expect((await list({ q: '100%' })).data.map((c) => c.name)).toEqual(['Winter SALE 100%'])
    expect((await list({ q: '_' })).total).toBe(0)
    const page2 = await list({ page: 2, pageSize: 2 })
    expect(page2.data.map((c) => c.name)).toEqual(['Summer sale'])
    expect(page2.total).toBe(3)
    expect((await list({ pageSize: 101 })).code).toBe(400)
    expect((await list({ typeId: 'x' })).msg).toBe('typeId: typeId must be a number')
  })

  it('file URLs expire with the clock and stop working the moment the creation is deleted', async () => {
    const { token } = await s.signUp()
    const made = await create(token, { templateId: t.id, values: await validValues(s, token, t) })
    const urls = [made.data.thumbnailUrl, ...Object.values(made.data.files)]
    for (const u of urls) expect((await fetch(`${s.url}${u}`)).status).toBe(200)
    s.advance(3600 * 1000 + 1000)
    for (const u of urls) expect((await fetch(`${s.url}${u}`)).status).toBe(403)
    // Fresh URLs from the list work again, until the delete.
    const fresh = (await s.call<Creation[]>('GET', '/creation/list', { token })).data[0] as Creation
    const freshUrls = [fresh.thumbnailUrl, ...Object.values(fresh.files)]
    for (const u of freshUrls) expect((await fetch(`${s.url}${u}`)).status).toBe(200)
    const before = await storedKeys(s)
    expect(await s.call('POST', '/creation/delete', { token, body: { id: made.data.id } })).toMatchObject({
      code: 0,
    })
    for (const u of freshUrls) expect((await fetch(`${s.url}${u}`)).status).toBe(404)
    expect((await s.call('POST', '/creation/delete', { token, body: { id: made.data.id } })).code).toBe(404)
    expect((await s.call('GET', '/creation/detail', { token, query: { id: made.data.id } })).code).toBe(404)
    // Its four files are gone from the storage too.
    expect(before.length - (await storedKeys(s)).length).toBe(4)
  })

  it('answers a preview as image bytes without spending a credit, rate-limited per user', async () => {
    const { token } = await s.signUp()
    const values = await validValues(s, token, t)
    const preview = (tok: string, extra: Record<string, unknown> = {}) =>
      fetch(`${s.url}/api/creation/preview`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bucket ${tok}` },
        body: JSON.stringify({ templateId: t.id, values, ...extra }),
      })
    const res = await preview(token, { maxSide: 320, format: 'jpeg' })
    expect(res.headers.get('content-type')).toBe('image/jpeg')
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata()
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(320)
    const webp = await preview(token)
    expect(webp.headers.get('content-type')).toBe('image/webp')
    await webp.arrayBuffer()
    for (let i = 0; i < 3; i++) expect((await preview(token)).status).toBe(200)
    const limited = await preview(token)
    expect(limited.headers.get('content-type')).toMatch(/json/)
    expect(await limited.json()).toMatchObject({ code: 429, data: { retryAfterSeconds: expect.any(Number) } })
    // Another user has their own allowance.
    const other = await s.signUp()
    expect(
      (await preview(other.token, { values: await validValues(s, other.token, t) })).headers.get(
        'content-type',
      ),
    ).toBe('image/webp')
    expect(await credits(s, token)).toBe(5)
    const bad = await preview(token, { maxSide: 5000 })
    expect(await bad.json()).toMatchObject({ code: 400 })
  })

  it('previews a design whose photo is required before the photo is there, and says which text was cut to fit', async () => {
    const { token } = await s.signUp()
    let poster: TemplateDetail | undefined
    for (const { id } of await allTemplates(s)) {
      const d = await detailOf(s, id)
      if (d.fields.some((f) => f.kind === 'image' && f.required)) poster = d
    }
    if (!poster) throw new Error('the catalogue has no template with a required photo')
    const preview = (values: Record<string, string>) =>
      fetch(`${s.url}/api/creation/preview`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bucket ${token}` },
        body: JSON.stringify({ templateId: poster?.id, values, format: 'png', maxSide: 64 }),
      })
    // The empty photo draws its placeholder in the preview; a creation still needs it.
    const empty = await preview({})
    expect(empty.status).toBe(200)
    expect(empty.headers.get('content-type')).toBe('image/png')
    expect(empty.headers.get(TRUNCATED_FIELDS_HEADER)).toBe('')
    expect((await create(token, { templateId: poster.id, values: {} })).data).toMatchObject({
      issues: [{ path: ['values', 'photo'], code: 'required' }],
    })
    // A title that fits its length but not its two lines, even at the smallest size.
    const title = poster.fields.find((f) => f.key === 'title')
    const long = 'W'.repeat(title?.kind === 'text' ? title.maxLength : 50)
    const cut = await preview({ title: long })
    expect(readTruncatedFields(cut.headers.get(TRUNCATED_FIELDS_HEADER))).toEqual(['title'])
  })

  it('tells the editor which text fields take bold and italics: the catalogue’s all do', async () => {
    const texts = (await detailOf(s, t.id)).fields.filter((f) => f.kind === 'text')
    expect(texts.length).toBeGreaterThan(0)
    for (const f of texts) expect(f).toMatchObject({ markup: true })
  })

  it('draws the caller’s upload itself, in previews and creations: a red photo reddens the picture, a green one greens it', async () => {
    const d = await templateWith(s, 'image')
    const field = d.fields.find((f) => f.kind === 'image')?.key as string
    const { token } = await s.signUp()
    const base = await validValues(s, token, d)
    const upload = async (background: string) =>
      String(await uploadImage(s, token, await solidImage('png', 300, 300, background)))
    /** How much redder than green the picture is on average (channel means, 0-255). */
    const redness = async (bytes: Buffer) => {
      const [red, green] = (await sharp(bytes).stats()).channels
      return (red?.mean ?? 0) - (green?.mean ?? 0)
    }
    const previewOf = async (id: string) => {
      const res = await fetch(`${s.url}/api/creation/preview`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bucket ${token}` },
        body: JSON.stringify({ templateId: d.id, values: { ...base, [field]: id }, format: 'png' }),
      })
      expect(res.headers.get('content-type')).toBe('image/png')
      return redness(Buffer.from(await res.arrayBuffer()))
    }
    const [red, green] = [await upload('#ff0000'), await upload('#00ff00')]
    expect((await previewOf(red)) - (await previewOf(green))).toBeGreaterThan(10)
    const made = await create(token, { templateId: d.id, values: { ...base, [field]: red } })
    expect(made.code).toBe(0)
    const png = Buffer.from(await (await fetch(`${s.url}${made.data.files.png}`)).arrayBuffer())
    expect(await redness(png)).toBeGreaterThan((await previewOf(green)) + 10)
  })
})

describe.each(engines)('a failed render on %s', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer(
      engine,
      {},
      {
        media: {
          renderer: {
            ...defaultRenderer,
            render: async () => {
              throw new Error('renderer crashed')
            },
          },
        },
      },
    )
  })
  afterAll(() => s.close())

  it('costs no credit and stores nothing', async () => {
    const { token } = await s.signUp()
    const t = await detailOf(s, (await allTemplates(s))[0]?.id as number)
    const r = await s.call('POST', '/creation/create', {
      token,
      body: { templateId: t.id, values: await validValues(s, token, t) },
    })
    expect(r).toMatchObject({ code: 500, msg: 'Something went wrong on our side; please try again' })
    expect(await credits(s, token)).toBe(5)
    expect((await s.call('GET', '/creation/list', { token })).total).toBe(0)
    const keys: string[] = []
    for await (const o of s.storage.list('creations/')) keys.push(o.key)
    expect(keys).toEqual([])
  })
})
