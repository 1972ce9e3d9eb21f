import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Canvas } from '@napi-rs/canvas'
import { loadCatalogue } from '@templet/catalogue'
import { parseTemplate, type TemplateInput } from '@templet/template'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { DecodedImages, decodeForDrawing, IMAGE_MAX_SIDE, imageForDrawing } from '../src/draw/images'
import { render, renderPdf, renderPreview } from '../src/index'
import { encodeForPdf } from '../src/pdf/images'
import { drawPixels } from '../src/render'

/** A JPEG of `width` × `height`: red left half, blue right half. */
const halves = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#0000ff' } })
    .composite([
      {
        input: { create: { width: width / 2, height, channels: 3, background: '#ff0000' } },
        left: 0,
        top: 0,
      },
    ])
    .jpeg({ quality: 90 })
    .toBuffer()

const colourAt = (canvas: Canvas, x: number, y: number) => {
  const [r = 0, , b = 0] = canvas.getContext('2d').getImageData(x, y, 1, 1).data
  return r > 200 && b < 60 ? 'red' : b > 200 && r < 60 ? 'blue' : 'other'
}

describe('decoding an image for drawing', () => {
  it('decodes a large photo at the size it is drawn, never larger than the photo', async () => {
    const phone = await halves(4000, 3000)
    const seen: [number, number][] = []
    const small = await decodeForDrawing(phone, (w, h) => {
      seen.push([w, h])
      return 0.24
    })
    expect(seen).toEqual([[4000, 3000]])
    expect([small?.width, small?.height]).toEqual([960, 720])
    expect(small && colourAt(small, 10, 360)).toBe('red')
    expect(small && colourAt(small, 950, 360)).toBe('blue')

    const whole = await decodeForDrawing(await halves(300, 100), () => 2.5)
    expect([whole?.width, whole?.height]).toEqual([300, 100])
  })

  it('turns a photo upright by its EXIF orientation', async () => {
    // Stored landscape (red left, blue right) and tagged "rotate 90° clockwise to view": upright it is a
    // portrait with red on top.
    const tagged = await sharp(await halves(200, 100))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer()
    const upright = await decodeForDrawing(tagged, () => 1)
    expect([upright?.width, upright?.height]).toEqual([100, 200])
    expect(upright && colourAt(upright, 50, 10)).toBe('red')
    expect(upright && colourAt(upright, 50, 190)).toBe('blue')
  })

  it('answers undefined for bytes that are not an image, and the layer draws its placeholder', async () => {
    expect(await decodeForDrawing(Buffer.from('not an image'), () => 1)).toBeUndefined()
    const template = parseTemplate({
      id: 'one-photo',
      typeId: 'social-posts',
      name: { en: 'Photo', 'zh-CN': '照片' },
      sizes: [{ id: 'square', width: 40, height: 40, label: { en: 'Square', 'zh-CN': '方形' } }],
      fields: [{ key: 'photo', kind: 'image', label: { en: 'Photo', 'zh-CN': '照片' } }],
      layers: [
        {
          id: 'photo',
          type: 'image',
          field: 'photo',
          box: { x: 0, y: 0, w: 40, h: 40 },
          placeholder: '#00ff00',
        },
      ],
      samples: { en: {}, 'zh-CN': {} },
    } satisfies TemplateInput)
    const { pixels } = await drawPixels(
      template,
      { photo: 'x' },
      { images: async () => Buffer.from('junk') },
      1,
    )
    expect([pixels[0], pixels[1], pixels[2]]).toEqual([0, 255, 0])
  })

  it('does not decode an image with a side past IMAGE_MAX_SIDE (one kept before uploads were checked for it)', async () => {
    const line = (width: number) =>
      sharp({ create: { width, height: 1, channels: 3, background: '#ff0000' } })
        .png()
        .toBuffer()
    const seen: [number, number][] = []
    const tooWide = await decodeForDrawing(await line(IMAGE_MAX_SIDE + 1), (w, h) => {
      seen.push([w, h])
      return 1
    })
    expect(tooWide).toBeUndefined()
    expect(seen).toEqual([])
    expect(await encodeForPdf(await line(IMAGE_MAX_SIDE + 1), () => 1)).toBeUndefined()
    const widest = await decodeForDrawing(await line(IMAGE_MAX_SIDE), () => 0.01)
    expect([widest?.width, widest?.height]).toEqual([Math.ceil(IMAGE_MAX_SIDE * 0.01), 1])
  })

  it('with a cache, decodes an image once per size and reference, reads it no more, and draws the same pixels', async () => {
    const cache = new DecodedImages(64 * 2 ** 20)
    const photos: Record<string, Buffer> = { p1: await halves(4000, 3000), p2: await halves(4000, 3000) }
    const reads: string[] = []
    const source = async (ref: string) => {
      reads.push(ref)
      return photos[ref]
    }
    const first = await imageForDrawing('p1', source, () => 0.24, cache)
    expect([first?.width, first?.height]).toEqual([960, 720])
    expect(cache.bytes).toBe(960 * 720 * 4)
    expect(await imageForDrawing('p1', source, () => 0.24, cache)).toBe(first)
    expect(reads).toEqual(['p1'])
    // Another size, or another reference, is read and decoded.
    const smaller = await imageForDrawing('p1', source, () => 0.1, cache)
    expect([smaller?.width, smaller?.height]).toEqual([400, 300])
    expect(await imageForDrawing('p2', source, () => 0.24, cache)).not.toBe(first)
    expect(reads).toEqual(['p1', 'p1', 'p2'])
    // Scaled so little that only one side loses a pixel: decoded to exactly the size looked up next time.
    photos.tall = await halves(100, 1000)
    const tall = await imageForDrawing('tall', source, () => 0.995, cache)
    expect([tall?.width, tall?.height]).toEqual([100, 995])
    expect(await imageForDrawing('tall', source, () => 0.995, cache)).toBe(tall)
    expect(reads).toEqual(['p1', 'p1', 'p2', 'tall'])
    // A reference with no bytes, or bytes that are not an image, is not kept.
    expect(await imageForDrawing('none', source, () => 1, cache)).toBeUndefined()
    expect(
      await imageForDrawing(
        'junk',
        async () => Buffer.from('junk'),
        () => 1,
        cache,
      ),
    ).toBeUndefined()
    expect(cache.bytes).toBe((960 * 720 + 400 * 300 + 960 * 720 + 100 * 995) * 4)

    const template = loadCatalogue().templates.find((t) => t.id === 'photo-feature')
    if (!template) throw new Error('no photo-feature')
    const values = { ...template.samples.en, photo: 'p1' }
    const uncached = await renderPreview(template, values, { images: source, format: 'png' })
    const previews = new DecodedImages(64 * 2 ** 20)
    const before = reads.length
    const a = await renderPreview(template, values, {
      images: source,
      format: 'png',
      decodedImages: previews,
    })
    const b = await renderPreview(template, values, {
      images: source,
      format: 'png',
      decodedImages: previews,
    })
    expect(reads.length - before).toBe(1)
    expect(a.data.equals(uncached.data)).toBe(true)
    expect(b.data.equals(uncached.data)).toBe(true)
  })

  it('keeps no more decoded pixels than its budget, dropping the least recently drawn', async () => {
    const budget = 2 * 300 * 100 * 4
    const cache = new DecodedImages(budget)
    const photo = await halves(300, 100)
    const source = async () => photo
    const one = await imageForDrawing('a', source, () => 1, cache)
    await imageForDrawing('b', source, () => 1, cache)
    expect(await imageForDrawing('a', source, () => 1, cache)).toBe(one)
    await imageForDrawing('c', source, () => 1, cache)
    expect(cache.bytes).toBe(budget)
    // 'b' was the least recently drawn, so it went; 'a' stayed.
    expect(cache.get('b', 300, 100)).toBeUndefined()
    expect(await imageForDrawing('a', source, () => 1, cache)).toBe(one)
    // An image larger than the whole budget is drawn but not kept.
    const big = await imageForDrawing(
      'big',
      async () => halves(600, 200),
      () => 1,
      cache,
    )
    expect([big?.width, big?.height]).toEqual([600, 200])
    expect(cache.get('big', 600, 200)).toBeUndefined()
    expect(cache.bytes).toBe(budget)
  })
})

describe('a photo the source cannot read now', () => {
  it('fails render, the preview and the PDF instead of drawing the layer without it', async () => {
    const t = loadCatalogue().templates.find((x) => x.id === 'sale-banner')
    if (!t) throw new Error('the catalogue has no sale-banner')
    const images = async () => {
      throw new Error('storage unreachable')
    }
    const values = { photo: '42' }
    await expect(render(t, values, { images })).rejects.toThrow('storage unreachable')
    await expect(renderPreview(t, values, { images, maxSide: 300, format: 'png' })).rejects.toThrow(
      'storage unreachable',
    )
    await expect(renderPdf(t, [values], { images })).rejects.toThrow('storage unreachable')
  })
})

describe('an empty optional photo', () => {
  const saleBanner = () => {
    const t = loadCatalogue().templates.find((x) => x.id === 'sale-banner')
    if (!t) throw new Error('the catalogue has no sale-banner')
    return t
  }
  // The colours in the photo's box (x 0-520 of the 1200 × 628 banner): one, the banner's panel behind it,
  // where nothing is drawn; the placeholder's grey field and its darker picture mark otherwise.
  const coloursOfPhotoBox = async (image: Buffer, scale = 1) => {
    const { data, info } = await sharp(image)
      .extract({ left: 0, top: 0, width: Math.round(500 * scale), height: Math.round(620 * scale) })
      .raw()
      .toBuffer({ resolveWithObject: true })
    const colours = new Set<string>()
    for (let i = 0; i < data.length; i += info.channels)
      colours.add(`${data[i]},${data[i + 1]},${data[i + 2]}`)
    return colours
  }

  it('leaves its layer empty in a finished render: no grey field, no picture mark', async () => {
    const out = await render(saleBanner(), { photo: '' })
    // PNG, lossless: exactly the panel's colour (#fbe9e4) everywhere.
    expect([...(await coloursOfPhotoBox(out.png))]).toEqual(['251,233,228'])
  })

  it('still shows where the photo goes in a preview, as a preview aid', async () => {
    const out = await renderPreview(saleBanner(), { photo: '' }, { maxSide: 600, format: 'png' })
    const colours = await coloursOfPhotoBox(out.data, 0.5)
    expect(colours.has('231,229,228')).toBe(true)
    expect(colours.size).toBeGreaterThan(2)
  })

  it('leaves its layer empty in the PDF too', async () => {
    // The page rasterised by poppler at half the banner's pixels.
    const page = async (pdf: Buffer) => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'templet-empty-photo-'))
      writeFileSync(path.join(dir, 'p.pdf'), pdf)
      const args = ['-png', '-singlefile', '-scale-to-x', '600', '-scale-to-y', '314']
      try {
        execFileSync('pdftoppm', [...args, path.join(dir, 'p.pdf'), path.join(dir, 'p')])
        return await coloursOfPhotoBox(readFileSync(path.join(dir, 'p.png')), 0.5)
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    }
    expect((await page(await renderPdf(saleBanner(), [{ photo: '' }]))).size).toBe(1)
    const aided = await page(await renderPdf(saleBanner(), [{ photo: '' }], { placeholders: true }))
    expect(aided.size).toBeGreaterThan(2)
  })
})
