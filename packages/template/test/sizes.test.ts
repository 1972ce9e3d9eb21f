import { createCanvas } from '@napi-rs/canvas'
import { describe, expect, it } from 'vitest'
import { defaultSize, drawLayer, parseTemplate, sizeOf, sizeOrDefault, UnknownSizeError } from '../src/index'

const size = (id: string, width: number, height: number) => ({
  id,
  label: { en: id, 'zh-CN': id },
  width,
  height,
})

const card = parseTemplate({
  id: 'test-card',
  typeId: 'certificates',
  name: { en: 'Test', 'zh-CN': '测试' },
  sizes: [size('square', 1080, 1080), size('story', 1080, 1920), size('banner', 1500, 500)],
  fields: [],
  layers: [{ id: 'bg', type: 'shape', fill: '#ffffff' }],
  samples: { en: {}, 'zh-CN': {} },
})

describe('sizes of a template', () => {
  it('the default size is the first', () => {
    expect(defaultSize(card).id).toBe('square')
  })

  it('sizeOf gives the size of that id, or the default size for no id', () => {
    expect(sizeOf(card, 'story')).toMatchObject({ id: 'story', width: 1080, height: 1920 })
    expect(sizeOf(card, 'banner').id).toBe('banner')
    expect(sizeOf(card, undefined)).toBe(defaultSize(card))
  })

  it('sizeOf refuses an id the template does not have, naming the template, the id and the sizes it has', () => {
    for (const id of ['poster', '', 'Square']) {
      let err: unknown
      try {
        sizeOf(card, id)
      } catch (e) {
        err = e
      }
      expect(err).toBeInstanceOf(UnknownSizeError)
      expect(err).toMatchObject({
        name: 'UnknownSizeError',
        code: 'UNKNOWN_SIZE',
        templateId: 'test-card',
        sizeId: id,
        sizeIds: ['square', 'story', 'banner'],
        message: `template "test-card" has no size "${id}"; it has square, story, banner`,
      })
    }
  })

  it('sizeOrDefault (for showing what was stored before an edit) falls back to the default size', () => {
    expect(sizeOrDefault(card, 'banner').id).toBe('banner')
    expect(sizeOrDefault(card, 'removed-since')).toBe(defaultSize(card))
    expect(sizeOrDefault(card, undefined)).toBe(defaultSize(card))
  })
})

describe("a size's guides", () => {
  const withGuides = (guides: unknown) =>
    parseTemplate({
      id: 'test-card',
      typeId: 'certificates',
      name: { en: 'Test', 'zh-CN': '测试' },
      sizes: [{ ...size('square', 1080, 1080), guides }],
      fields: [],
      layers: [],
      samples: { en: {}, 'zh-CN': {} },
    })

  it('are kept as saved, on either axis, and absent for a size saved without them', () => {
    expect(withGuides({ x: [0, 540.5], y: [1080] }).sizes[0]?.guides).toEqual({ x: [0, 540.5], y: [1080] })
    expect(withGuides({ y: [10] }).sizes[0]?.guides).toEqual({ y: [10] })
    expect(defaultSize(card)).not.toHaveProperty('guides')
  })

  it('lie on the page: one off it, or of another shape, is refused with its place', () => {
    expect(() => withGuides({ x: [1081] })).toThrow(/sizes\[0\]\.guides\.x\[0\].*0 to 1080/)
    expect(() => withGuides({ y: [-1] })).toThrow(/guides\.y\[0\]/)
    expect(() => withGuides({ z: [1] })).toThrow()
    expect(() => withGuides({ x: ['1'] })).toThrow()
  })

  it('draw nothing: a design with guides is drawn pixel for pixel as without', () => {
    const layers = [
      { id: 'bg', type: 'shape', fill: '#f5efe6' },
      {
        id: 'title',
        type: 'text',
        text: 'Hello',
        size: 40,
        color: '#14213d',
        box: { x: 10, y: 20, w: 80, h: 60 },
      },
    ]
    const pixels = (guides?: unknown) => {
      const t = parseTemplate({
        id: 'guided',
        typeId: 'certificates',
        name: { en: 'Test', 'zh-CN': '测试' },
        sizes: [{ ...size('square', 100, 100), ...(guides ? { guides } : {}) }],
        fields: [],
        layers,
        samples: { en: {}, 'zh-CN': {} },
      })
      const ctx = createCanvas(100, 100).getContext('2d')
      for (const layer of t.layers)
        drawLayer(layer, {
          ctx,
          sizeId: 'square',
          width: 100,
          height: 100,
          locale: 'en',
          values: {},
          images: new Map(),
        })
      return Buffer.from(ctx.getImageData(0, 0, 100, 100).data)
    }
    expect(pixels({ x: [50], y: [10, 90] }).equals(pixels())).toBe(true)
  })
})
