import { createCanvas } from '@napi-rs/canvas'
import { describe, expect, it } from 'vitest'
import { drawLayer, parseTemplate, type TemplateInput } from '../src/index'

const base = (): TemplateInput => ({
  id: 'grouped-card',
  typeId: 'social-posts',
  name: { en: 'Grouped', 'zh-CN': '编组' },
  sizes: [{ id: 'square', width: 400, height: 400, label: { en: 'Square', 'zh-CN': '方形' } }],
  fields: [],
  layers: [
    { id: 'bg', type: 'shape', fill: '#ffffff' },
    { id: 'a', type: 'shape', fill: '#000000', box: { x: 10, y: 10, w: 40, h: 40 }, group: 'logo' },
    { id: 'b', type: 'shape', fill: '#000000', box: { x: 60, y: 10, w: 40, h: 40 }, group: 'logo' },
  ],
  groups: [{ id: 'logo', name: 'Logo' }],
  samples: { en: {}, 'zh-CN': {} },
})

describe('groups of layers (ADR 0196)', () => {
  it('are read as written, and a document without them has no groups key', () => {
    const t = parseTemplate(base())
    expect(t.groups).toEqual([{ id: 'logo', name: 'Logo' }])
    expect(t.layers[1]?.group).toBe('logo')
    const { groups: _, ...plain } = base()
    const p = parseTemplate({ ...plain, layers: plain.layers.map(({ group: _g, ...l }) => l) as never })
    expect(p).not.toHaveProperty('groups')
    expect(p.layers.every((l) => !('group' in l))).toBe(true)
  })

  it('refuse a layer naming a group the template lacks, and two groups of one id', () => {
    expect(() => parseTemplate({ ...base(), groups: [] })).toThrow(/no group "logo"/)
    expect(() =>
      parseTemplate({
        ...base(),
        groups: [
          { id: 'logo', name: 'Logo' },
          { id: 'logo', name: 'Again' },
        ],
      }),
    ).toThrow(/duplicate group "logo"/)
  })

  it('draw nothing: a grouped design is drawn pixel for pixel as without its groups', () => {
    const pixels = (input: TemplateInput) => {
      const t = parseTemplate(input)
      const ctx = createCanvas(400, 400).getContext('2d')
      for (const layer of t.layers)
        drawLayer(layer, {
          ctx,
          sizeId: 'square',
          width: 400,
          height: 400,
          locale: 'en',
          values: {},
          images: new Map(),
        })
      return Buffer.from(ctx.getImageData(0, 0, 400, 400).data)
    }
    const { groups: _, ...plain } = base()
    const ungrouped = { ...plain, layers: plain.layers.map(({ group: _g, ...l }) => l) as never }
    expect(pixels(base()).equals(pixels(ungrouped))).toBe(true)
  })
})
