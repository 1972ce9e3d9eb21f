import type { Canvas } from '@napi-rs/canvas'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { decodeForDrawing } from '../src/draw/images'
import { parseTemplate, type TemplateInput } from '../src/index'
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
})
