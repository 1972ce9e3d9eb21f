import { loadCatalogue, sampleImages } from '@templet/catalogue'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { RenderError, render, renderPreview } from '../src/index'

const template = (id: string) => {
  const t = loadCatalogue().templates.find((x) => x.id === id)
  if (!t) throw new Error(`no template ${id}`)
  return t
}

describe('render', () => {
  it('makes a PNG, a JPEG, a WebP at the size and a WebP thumbnail of longest side 480', async () => {
    const t = template('photo-feature')
    const out = await render(t, t.samples.en, { images: sampleImages, sizeId: 'portrait' })
    expect([out.width, out.height]).toEqual([1080, 1350])
    const meta = await Promise.all(
      [out.png, out.jpeg, out.webp, out.thumbnail].map((b) => sharp(b).metadata()),
    )
    expect(meta.map((m) => m.format)).toEqual(['png', 'jpeg', 'webp', 'webp'])
    expect(meta.slice(0, 3).map((m) => [m.width, m.height])).toEqual([
      [1080, 1350],
      [1080, 1350],
      [1080, 1350],
    ])
    expect([meta[3]?.width, meta[3]?.height]).toEqual([384, 480])
  })

  it('encodes only the formats asked for, each the same file as when all are made', async () => {
    const t = template('photo-feature')
    const o = { images: sampleImages, sizeId: 'square' }
    const all = await render(t, t.samples.en, o)
    const png = await render(t, t.samples.en, { ...o, formats: ['png'] })
    const jpegWebp = await render(t, t.samples.en, { ...o, formats: ['webp', 'jpeg'] })
    expect([png.png?.equals(all.png), png.jpeg, png.webp]).toEqual([true, undefined, undefined])
    expect([jpegWebp.png, jpegWebp.jpeg?.equals(all.jpeg), jpegWebp.webp?.equals(all.webp)]).toEqual([
      undefined,
      true,
      true,
    ])
    for (const out of [png, jpegWebp]) expect(out.thumbnail.equals(all.thumbnail)).toBe(true)
  })

  it('draws a design with no layers as a blank white page in every format', async () => {
    const blank = { ...template('bold-quote'), layers: [] }
    const out = await render(blank, {}, { sizeId: 'square' })
    for (const file of [out.png, out.jpeg, out.webp]) {
      const stats = await sharp(file).stats()
      expect(stats.channels.slice(0, 3).map((c) => [c.min, c.max])).toEqual([
        [255, 255],
        [255, 255],
        [255, 255],
      ])
    }
  })

  it('renders a preview scaled to maxSide in the asked format', async () => {
    const t = template('bold-quote')
    const p = await renderPreview(t, {}, { maxSide: 320, format: 'webp', sizeId: 'story' })
    expect([p.width, p.height, p.contentType]).toEqual([180, 320, 'image/webp'])
    expect((await sharp(p.data).metadata()).format).toBe('webp')
  })

  it('refuses a size the template does not have with UNKNOWN_SIZE naming its sizes, and never draws another', async () => {
    const t = template('bold-quote')
    const ids = t.sizes.map((s) => s.id).join(', ')
    for (const draw of [
      () => render(t, {}, { images: sampleImages, sizeId: 'poster-xxl' }),
      () => renderPreview(t, {}, { maxSide: 320, format: 'webp', sizeId: 'poster-xxl' }),
    ]) {
      const err = await draw().catch((e: unknown) => e)
      expect(err).toBeInstanceOf(RenderError)
      expect(err).toMatchObject({
        code: 'UNKNOWN_SIZE',
        message: `template "bold-quote" has no size "poster-xxl"; it has ${ids}`,
      })
    }
  })
})
