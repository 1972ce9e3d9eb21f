import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { sweepUnusedUploads } from '../src/services/media-sweep'
import { engines, startServer, type TestServer } from './harness'
import { ownCopyOfCatalogue, uploadImage } from './media/catalogue'
import { solidImage } from './media/images'

describe.each(engines)('a template’s fixed image (a logo) on %s', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer(engine)
  })
  afterAll(() => s.close())

  /** The document with a fixed image layer over the whole canvas, drawn last. */
  const withLogo = (document: Record<string, unknown>, src: string) => ({
    ...document,
    layers: [...(document.layers as unknown[]), { id: 'logo', type: 'image', src, fit: 'cover' }],
  })
  const redness = async (bytes: Buffer) => {
    const [red, green] = (await sharp(bytes).stats()).channels
    return (red?.mean ?? 0) - (green?.mean ?? 0)
  }

  it('draws the owner’s upload in the creation and the thumbnail, not as a field, and keeps it from the sweep', async () => {
    const { token } = await s.signUp()
    const { id, document } = await ownCopyOfCatalogue(s, token)
    const logo = String(await uploadImage(s, token, await solidImage('png', 64, 64, '#ff0000')))
    const saved = await s.call('POST', '/template/save', {
      token,
      body: { id, name: 'With logo', document: withLogo(document, logo) },
    })
    expect(saved.code).toBe(0)
    const detail = await s.call('GET', '/template/detail', { token, query: { id } })
    // Not a field: the fill-in editor asks for the same fields as before.
    expect(detail.data.fields.map((f: { key: string }) => f.key)).toEqual(
      (document.fields as Array<{ key: string }>).map((f) => f.key),
    )
    // Long after, before any creation draws it: the sweep of unused uploads leaves the logo the template draws.
    const day = 24 * 3600 * 1000
    await sweepUnusedUploads(s.db.kysely, s.storage, { now: s.now() + 400 * day, retentionMs: 30 * day })
    const made = await s.call('POST', '/creation/create', { token, body: { templateId: id, values: {} } })
    expect(made.code).toBe(0)
    const png = Buffer.from(await (await fetch(`${s.url}${made.data.files.png}`)).arrayBuffer())
    expect(await redness(png)).toBeGreaterThan(200)
    const mine = await s.call('GET', '/template/mine', { token })
    const thumb = await fetch(`${s.url}${mine.data[0].thumbnailUrl}`)
    expect(thumb.status).toBe(200)
    expect(await redness(Buffer.from(await thumb.arrayBuffer()))).toBeGreaterThan(200)
  })

  it('refuses another user’s upload, or a reference that is no upload, naming the layer', async () => {
    const owner = await s.signUp()
    const other = await s.signUp()
    const { id, document } = await ownCopyOfCatalogue(s, owner.token)
    const theirs = String(await uploadImage(s, other.token))
    for (const [src, why] of [
      [theirs, 'not one of your uploads'],
      ['99999999', 'not one of your uploads'],
      // The catalogue's own images are its templates' only.
      [
        'sample:logo-peak',
        "sample:logo-peak is an image of the catalogue's own templates; place your own image",
      ],
    ] as const) {
      const r = await s.call('POST', '/template/save', {
        token: owner.token,
        body: { id, name: 'Q', document: withLogo(document, src) },
      })
      expect(r.code).toBe(400)
      expect(r.msg).toContain('layer "logo", property "src"')
      expect(r.msg).toContain(why)
      expect(r.data.issues[0]).toMatchObject({ path: ['document', 'layers', 'logo', 'src'] })
    }
    // Both a field and a fixed image: the model names it.
    const both = await s.call('POST', '/template/save', {
      token: owner.token,
      body: {
        id,
        name: 'Q',
        document: {
          ...document,
          layers: [...(document.layers as unknown[]), { id: 'logo', type: 'image' }],
        },
      },
    })
    expect(both.code).toBe(400)
    expect(both.msg).toContain('layer "logo", property "field"')
  })

  it('fails a creation naming the layer once its logo upload is deleted', async () => {
    const { token } = await s.signUp()
    const { id, document } = await ownCopyOfCatalogue(s, token)
    const logo = await uploadImage(s, token)
    expect(
      (
        await s.call('POST', '/template/save', {
          token,
          body: { id, name: 'L', document: withLogo(document, String(logo)) },
        })
      ).code,
    ).toBe(0)
    expect((await s.call('POST', '/upload/delete', { token, body: { id: logo } })).code).toBe(0)
    const made = await s.call('POST', '/creation/create', { token, body: { templateId: id, values: {} } })
    expect(made.code).toBe(404)
    expect(made.msg).toContain('layer "logo"')
  })

  it('saves a logo while its upload is deleted at the same time from another server: linked and saved, or refused', async () => {
    const { token } = await s.signUp()
    const { id, document } = await ownCopyOfCatalogue(s, token)
    const other = await s.twin()
    onTestFinished(() => other.close())
    for (let round = 0; round < 5; round++) {
      const logo = await uploadImage(s, token)
      const [save, del] = await Promise.all([
        s.call('POST', '/template/save', {
          token,
          body: { id, name: 'L', document: withLogo(document, String(logo)) },
        }),
        other.call('POST', '/upload/delete', { token, body: { id: logo } }),
      ])
      expect(del.code).toBe(0)
      // A save that won is linked to the upload the delete then removed (the link goes with it); a save that
      // lost is refused naming the layer. Never a 500.
      expect([0, 400]).toContain(save.code)
      const links = await s.db.kysely
        .selectFrom('template_uploads')
        .select('upload_id')
        .where('upload_id', '=', logo)
        .execute()
      expect(links).toEqual([])
    }
  })
})
