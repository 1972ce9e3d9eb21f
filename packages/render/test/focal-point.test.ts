import { formatImageValue, parseImageValue, parseTemplate, type TemplateInput } from '@templet/template'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { validateValues } from '../src/index'
import { drawPixels } from '../src/render'

// A 100×100 box that crops a 300×100 photo: only a third of its width shows.
const template = parseTemplate({
  id: 'focus-card',
  typeId: 'social-posts',
  name: { en: 'Focus', 'zh-CN': '焦点' },
  sizes: [{ id: 'square', width: 100, height: 100, label: { en: 'Square', 'zh-CN': '方形' } }],
  fields: [{ key: 'photo', kind: 'image', label: { en: 'Photo', 'zh-CN': '照片' } }],
  layers: [{ id: 'photo', type: 'image', field: 'photo', box: { x: 0, y: 0, w: 100, h: 100 } }],
  samples: { en: {}, 'zh-CN': {} },
} satisfies TemplateInput)

/** Red, green and blue thirds, left to right. */
const photo = await sharp({
  create: { width: 300, height: 100, channels: 3, background: '#00ff00' },
})
  .composite([
    { input: { create: { width: 100, height: 100, channels: 3, background: '#ff0000' } }, left: 0, top: 0 },
    { input: { create: { width: 100, height: 100, channels: 3, background: '#0000ff' } }, left: 200, top: 0 },
  ])
  .png()
  .toBuffer()

const asked: string[] = []
const centreColour = async (value: string) => {
  const { pixels, width } = await drawPixels(
    template,
    { photo: value },
    {
      images: async (ref) => {
        asked.push(ref)
        return ref === 'p1' ? photo : undefined
      },
    },
    1,
  )
  const i = (50 * width + 50) * 4
  const [r = 0, g = 0, b = 0] = [pixels[i], pixels[i + 1], pixels[i + 2]]
  return r > 200 && g < 60 && b < 60
    ? 'red'
    : g > 200 && r < 60
      ? 'green'
      : b > 200 && r < 60
        ? 'blue'
        : 'other'
}

describe('an image value with a focal point', () => {
  it('is the reference alone, or the reference and a point', () => {
    expect(parseImageValue('17')).toEqual({ ref: '17' })
    expect(parseImageValue('17@0.25,0.6')).toEqual({ ref: '17', focus: { x: 0.25, y: 0.6 } })
    expect(parseImageValue('photos/me@home.png')).toEqual({ ref: 'photos/me@home.png' })
    expect(formatImageValue('17', { x: 0.123456, y: 1.4 })).toBe('17@0.123,1')
    expect(formatImageValue('17')).toBe('17')
  })

  it('keeps the chosen part of a cropped image in view; without one, the layer focus (the centre)', async () => {
    asked.length = 0
    expect(await centreColour('p1')).toBe('green')
    expect(await centreColour('p1@0,0.5')).toBe('red')
    expect(await centreColour('p1@1,0.5')).toBe('blue')
    // The image source is asked for the reference, never for the point.
    expect(new Set(asked)).toEqual(new Set(['p1']))
  })

  it('is refused outside the image, by validation; drawing falls back to the layer focus', async () => {
    expect(validateValues(template, { photo: 'p1@0.5,0.5' })).toEqual([])
    expect(validateValues(template, { photo: 'p1@1.5,0.5' })).toEqual([
      { path: 'photo', code: 'invalid_focus' },
    ])
    expect(await centreColour('p1@1.5,0.5')).toBe('green')
  })
})
