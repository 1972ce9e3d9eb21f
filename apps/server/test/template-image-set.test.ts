import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { sweepUnusedUploads } from '../src/services/media-sweep'
import { engines, startServer, type TestServer } from './harness'
import { ownCopyOfCatalogue, uploadImage } from './media/catalogue'
import { solidImage } from './media/images'
import { developer, v1 } from './v1-helpers'

const label = (en: string, zh: string) => ({ en, 'zh-CN': zh })

describe.each(engines)('an image from the author’s set and a text from a list on %s', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer(engine, {}, { jobs: true })
  })
  afterAll(() => s.close())

  /**
   * The document with a choice of backgrounds (light, dark) over the whole canvas, drawn last, each one of
   * `map`'s images, and a title picked from a list, inserted by a text layer.
   */
  const withSet = (document: Record<string, unknown>, map: Record<string, string>) => ({
    ...document,
    fields: [
      ...(document.fields as unknown[]),
      {
        key: 'backdrop',
        kind: 'choice',
        label: label('Background', '背景'),
        default: 'light',
        options: [
          { value: 'light', label: label('Light', '浅色') },
          { value: 'dark', label: label('Dark', '深色') },
        ],
      },
      {
        key: 'honorific',
        kind: 'choice',
        label: label('Title', '称谓'),
        default: 'dr',
        options: [
          { value: 'dr', label: label('Dr', '博士') },
          { value: 'prof', label: label('Prof', '教授') },
        ],
      },
    ],
    layers: [
      ...(document.layers as unknown[]),
      { id: 'greeting', type: 'text', text: 'Dear {{honorific}}', size: 20 },
      { id: 'backdrop', type: 'image', src: { field: 'backdrop', map }, fit: 'cover' },
    ],
  })
  /** The mean of red minus blue: high for the red image, low for the blue one. */
  const redness = async (bytes: Buffer) => {
    const [red, , blue] = (await sharp(bytes).stats()).channels
    return (red?.mean ?? 0) - (blue?.mean ?? 0)
  }
  const png = async (path: string) => Buffer.from(await (await fetch(`${s.url}${path}`)).arrayBuffer())
  /** A saved template with a set of a red (light) and a blue (dark) image of the caller's. */
  const savedSet = async (token: string) => {
    const { id, document } = await ownCopyOfCatalogue(s, token)
    const red = String(await uploadImage(s, token, await solidImage('png', 64, 64, '#ff0000')))
    const blue = String(await uploadImage(s, token, await solidImage('png', 64, 64, '#0000ff')))
    const saved = await s.call('POST', '/template/save', {
      token,
      body: { id, name: 'Backgrounds', document: withSet(document, { light: red, dark: blue }) },
    })
    return { id, red, blue, saved }
  }

  it('draws the picked image in the creation and the default one in the thumbnail, and keeps the set from the sweep', async () => {
    const { token } = await s.signUp()
    const { id, red, blue, saved } = await savedSet(token)
    expect(saved.code).toBe(0)
    const links = await s.db.kysely
      .selectFrom('template_uploads')
      .select('upload_id')
      .where('upload_id', 'in', [Number(red), Number(blue)])
      .execute()
    expect(new Set(links.map((l) => String(l.upload_id)))).toEqual(new Set([red, blue]))
    const detail = await s.call('GET', '/template/detail', { token, query: { id } })
    expect(detail.data.fields.find((f: { key: string }) => f.key === 'backdrop')).toMatchObject({
      kind: 'choice',
      options: [{ value: 'light' }, { value: 'dark' }],
    })
    // Long after, before any creation draws them: the sweep of unused uploads leaves both images of the set.
    const day = 24 * 3600 * 1000
    await sweepUnusedUploads(s.db.kysely, s.storage, { now: s.now() + 400 * day, retentionMs: 30 * day })
    const dark = await s.call('POST', '/creation/create', {
      token,
      body: { templateId: id, values: { backdrop: 'dark', honorific: 'prof' } },
    })
    expect(dark.code).toBe(0)
    expect(await redness(await png(dark.data.files.png))).toBeLessThan(-200)
    const light = await s.call('POST', '/creation/create', { token, body: { templateId: id, values: {} } })
    expect(light.code).toBe(0)
    expect(await redness(await png(light.data.files.png))).toBeGreaterThan(200)
    const mine = await s.call('GET', '/template/mine', { token })
    expect(await redness(await png(mine.data[0].thumbnailUrl))).toBeGreaterThan(200)
  })

  it('refuses another user’s upload in the set, naming the layer and the option', async () => {
    const owner = await s.signUp()
    const other = await s.signUp()
    const { id, document } = await ownCopyOfCatalogue(s, owner.token)
    const mine = String(await uploadImage(s, owner.token))
    const theirs = String(await uploadImage(s, other.token))
    for (const [ref, why] of [
      [theirs, 'not one of your uploads'],
      ['99999999', 'not one of your uploads'],
      // The catalogue's own images are its templates' only, in a set too.
      ['sample:logo-peak', "an image of the catalogue's own templates"],
    ] as const) {
      const r = await s.call('POST', '/template/save', {
        token: owner.token,
        body: { id, name: 'Q', document: withSet(document, { light: mine, dark: ref }) },
      })
      expect(r.code).toBe(400)
      expect(r.msg).toContain('layer "backdrop", property "src.map.dark"')
      expect(r.msg).toContain(why)
      expect(r.data.issues[0]).toMatchObject({
        path: ['document', 'layers', 'backdrop', 'src', 'map', 'dark'],
      })
    }
    // A set without a map: the model names the layer and property.
    const noMap = withSet(document, { light: mine, dark: mine })
    ;(noMap.layers.at(-1) as { src: unknown }).src = { field: 'backdrop' }
    const refused = await s.call('POST', '/template/save', {
      token: owner.token,
      body: { id, name: 'Q', document: noMap },
    })
    expect(refused.code).toBe(400)
    expect(refused.msg).toContain('layer "backdrop", property "src.map"')
  })

  it('refuses an option not in the list on /api and /v1, naming the field and the options', async () => {
    const dev = await developer(s)
    const { id, saved } = await savedSet(dev.token)
    expect(saved.code).toBe(0)
    const app = await s.call('POST', '/creation/create', {
      token: dev.token,
      body: { templateId: id, values: { backdrop: 'blue', honorific: 'mx' } },
    })
    expect(app.code).toBe(400)
    expect(app.msg).toContain('values.backdrop: Must be one of Light, Dark (or their values: light, dark)')
    expect(app.msg).toContain('values.honorific: Must be one of Dr, Prof (or their values: dr, prof)')
    expect(app.data.issues).toEqual(
      expect.arrayContaining([
        { path: ['values', 'backdrop'], code: 'invalid_value', params: { options: 'light, dark' } },
        { path: ['values', 'honorific'], code: 'invalid_value', params: { options: 'dr, prof' } },
      ]),
    )
    // /v1 lists each option with its labels: the texts of a list, in each language.
    const shown = await v1(s, 'GET', `/templates/${id}`, { key: dev.key })
    expect(shown.body.fields.find((f: { key: string }) => f.key === 'honorific').options).toEqual([
      { value: 'dr', label: 'Dr', labels: label('Dr', '博士') },
      { value: 'prof', label: 'Prof', labels: label('Prof', '教授') },
    ])
    const api = await v1(s, 'POST', '/renders', {
      key: dev.key,
      body: { template_id: id, values: { backdrop: 'blue', honorific: 'mx' } },
    })
    expect(api.status).toBe(400)
    expect(api.body.issues).toEqual(app.data.issues)
    const ok = await v1(s, 'POST', '/renders', {
      key: dev.key,
      body: { template_id: id, values: { backdrop: 'dark', honorific: 'prof' } },
    })
    expect(ok.status).toBe(201)
    expect(ok.body.status).toBe('completed')
    const drawn = Buffer.from(await (await fetch(ok.body.files.png)).arrayBuffer())
    expect(await redness(drawn)).toBeLessThan(-200)
  })

  it('saves a set while one of its images is deleted at the same time from another server: linked and saved, or refused', async () => {
    const { token } = await s.signUp()
    const { id, document } = await ownCopyOfCatalogue(s, token)
    const kept = String(await uploadImage(s, token))
    const other = await s.twin()
    onTestFinished(() => other.close())
    for (let round = 0; round < 5; round++) {
      const gone = await uploadImage(s, token)
      const [save, del] = await Promise.all([
        s.call('POST', '/template/save', {
          token,
          body: { id, name: 'Set', document: withSet(document, { light: kept, dark: String(gone) }) },
        }),
        other.call('POST', '/upload/delete', { token, body: { id: gone } }),
      ])
      expect(del.code).toBe(0)
      // A save that lost names the layer and the option; never a 500, never a link left to a deleted upload.
      expect([0, 400]).toContain(save.code)
      if (save.code === 400) expect(save.msg).toContain('layer "backdrop", property "src.map.dark"')
      const links = await s.db.kysely
        .selectFrom('template_uploads')
        .select('upload_id')
        .where('upload_id', '=', gone)
        .execute()
      expect(links).toEqual([])
    }
  })

  it('fails a creation naming the layer once an image of its set is deleted', async () => {
    const { token } = await s.signUp()
    const { id, blue, saved } = await savedSet(token)
    expect(saved.code).toBe(0)
    expect((await s.call('POST', '/upload/delete', { token, body: { id: Number(blue) } })).code).toBe(0)
    for (const backdrop of ['dark', 'light']) {
      const made = await s.call('POST', '/creation/create', {
        token,
        body: { templateId: id, values: { backdrop } },
      })
      expect(made.code).toBe(404)
      expect(made.msg).toContain('layer "backdrop"')
    }
  })
})
