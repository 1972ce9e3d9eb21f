import { parseTemplate } from '@templet/template'
import { describe, expect, it } from 'vitest'
import {
  addChoiceOption,
  markChoiceField,
  markColorField,
  markTextField,
  newLayer,
  removeChoiceOption,
  setChoiceColor,
  setSample,
  textFieldOf,
  unmarkChoiceField,
  unmarkColorField,
  unmarkTextField,
  updateField,
} from '../src/index'
import { squareCard } from './card'

const template = squareCard('fields-card', [
  { id: 'bg', type: 'shape', fill: '#ffffff' },
  {
    id: 'sub-title',
    name: 'Subtitle',
    type: 'text',
    text: 'Hello there',
    size: 40,
    box: { x: 10, y: 20, w: 200, h: 60 },
  },
])

describe('fields the customer fills', () => {
  it('turns a text layer’s words into a text field the document still parses with, and back', () => {
    const marked = markTextField(template, 'sub-title')
    const layer = marked.layers[1]
    expect(layer).toMatchObject({ text: '{{sub_title}}' })
    expect(marked.fields).toEqual([
      {
        key: 'sub_title',
        kind: 'text',
        label: { en: 'Subtitle', 'zh-CN': 'Subtitle' },
        default: 'Hello there',
        maxLength: 40,
      },
    ])
    expect(() => parseTemplate(marked)).not.toThrow()
    expect(layer && textFieldOf(marked, layer)?.key).toBe('sub_title')
    const withSample = setSample(marked, 'zh-CN', 'sub_title', '你好')
    const labelled = updateField(withSample, 'sub_title', {
      label: { en: 'Subtitle', 'zh-CN': '副标题' },
      maxLength: 30,
    })
    expect(() => parseTemplate(labelled)).not.toThrow()
    const back = unmarkTextField(labelled, 'sub-title')
    expect(back.layers[1]).toMatchObject({ text: 'Hello there' })
    expect(back.fields).toEqual([])
    expect(back.samples['zh-CN']).toEqual({})
  })

  it('labels a field of a layer the designer named in both languages, and one the author named in their words', () => {
    const named = (name: string) => ({
      ...template,
      layers: template.layers.map((l) => (l.id === 'sub-title' ? { ...l, name } : l)),
    })
    // The Chinese designer's new text is "文字": its field is "Text" in English.
    expect(markTextField(named('文字'), 'sub-title').fields[0]?.label).toEqual({
      en: 'Text',
      'zh-CN': '文字',
    })
    expect(markTextField(named('QR code'), 'sub-title').fields[0]?.label).toEqual({
      en: 'QR code',
      'zh-CN': '二维码',
    })
    expect(markTextField(named('Opening hours'), 'sub-title').fields[0]?.label).toEqual({
      en: 'Opening hours',
      'zh-CN': 'Opening hours',
    })
  })

  it('binds a colour to a colour field with the colour as its default, and back', () => {
    const marked = markColorField(template, 'bg', 'fill', 'Background')
    expect(marked.layers[0]).toMatchObject({ fill: { field: 'bg_fill' } })
    expect(marked.fields[0]).toEqual({
      key: 'bg_fill',
      kind: 'color',
      label: { en: 'Background', 'zh-CN': 'Background' },
      default: '#ffffff',
    })
    expect(() => parseTemplate(marked)).not.toThrow()
    const back = unmarkColorField(updateField(marked, 'bg_fill', { default: '#ff0000' }), 'bg', 'fill')
    expect(back.layers[0]).toMatchObject({ fill: '#ff0000' })
    expect(back.fields).toEqual([])
  })

  it('keeps a field another layer still uses', () => {
    const two = parseTemplate({
      ...template,
      fields: [
        { key: 'accent', kind: 'color', label: { en: 'Accent', 'zh-CN': '强调色' }, default: '#ff0000' },
      ],
      layers: [
        { id: 'a', type: 'shape', fill: { field: 'accent' } },
        { id: 'b', type: 'shape', fill: { field: 'accent' } },
      ],
    })
    const back = unmarkColorField(two, 'a', 'fill')
    expect(back.layers[0]).toMatchObject({ fill: '#ff0000' })
    expect(back.fields).toHaveLength(1)
  })
})

describe('new layers', () => {
  it('makes each kind centred in the size shown, an image with its field, a QR code whose link can become a field', () => {
    const words = { text: 'Your text', link: 'https://example.com', image: { en: 'Image', 'zh-CN': '图片' } }
    const text = newLayer(template, 'square', 'text', words)
    expect(text.layer).toMatchObject({ type: 'text', text: 'Your text', box: { x: 80, w: 240 } })
    const image = newLayer(template, 'square', 'image', words)
    expect(image.field).toEqual({ key: 'image', kind: 'image', label: { en: 'Image', 'zh-CN': '图片' } })
    const qr = newLayer(template, 'square', 'qr', words)
    expect(qr.layer).toMatchObject({
      type: 'qr',
      data: 'https://example.com',
      box: { x: 150, y: 150, w: 100, h: 100 },
    })
    for (const kind of ['rect', 'ellipse', 'line'] as const)
      expect(() =>
        parseTemplate({ ...template, layers: [newLayer(template, 'square', kind, words).layer] }),
      ).not.toThrow()
    const withQr = { ...template, layers: [...template.layers, qr.layer] }
    const marked = markTextField(withQr, 'qr')
    expect(marked.layers.at(-1)).toMatchObject({ data: '{{qr}}' })
    // Room for a real link (a headline's field gets 40).
    expect(marked.fields[0]).toMatchObject({ key: 'qr', default: 'https://example.com', maxLength: 300 })
    expect(() => parseTemplate(marked)).not.toThrow()
    expect(unmarkTextField(marked, 'qr').layers.at(-1)).toMatchObject({ data: 'https://example.com' })
  })
})

describe('choice fields', () => {
  const marked = () =>
    markChoiceField(template, 'bg', 'fill', 'Style', [
      { label: { en: 'Light', 'zh-CN': '浅色' }, color: '#ffffff' },
      { label: { en: 'Dark', 'zh-CN': '深色' }, color: '#111111' },
    ])

  it('maps a colour by a choice of named options, the first its colour, and back to the default’s colour', () => {
    const t = marked()
    expect(t.fields[0]).toEqual({
      key: 'bg_fill',
      kind: 'choice',
      label: { en: 'Style', 'zh-CN': 'Style' },
      default: 'option1',
      options: [
        { value: 'option1', label: { en: 'Light', 'zh-CN': '浅色' } },
        { value: 'option2', label: { en: 'Dark', 'zh-CN': '深色' } },
      ],
    })
    expect(t.layers[0]).toMatchObject({
      fill: { field: 'bg_fill', map: { option1: '#ffffff', option2: '#111111' } },
    })
    expect(() => parseTemplate(t)).not.toThrow()
    const dark = setChoiceColor(t, 'bg', 'fill', 'option2', '#000000')
    expect(dark.layers[0]).toMatchObject({ fill: { map: { option2: '#000000' } } })
    const back = unmarkChoiceField(updateField(dark, 'bg_fill', { default: 'option2' }), 'bg', 'fill')
    expect(back.layers[0]).toMatchObject({ fill: '#000000' })
    expect(back.fields).toEqual([])
  })

  it('adds and removes options, keeping every map whole and the default and samples valid', () => {
    const three = addChoiceOption(marked(), 'bg_fill', { en: 'Sand', 'zh-CN': '沙色' })
    expect(three.layers[0]).toMatchObject({ fill: { map: { option3: '#ffffff' } } })
    expect(() => parseTemplate(three)).not.toThrow()
    const sampled = setSample(three, 'en', 'bg_fill', 'option1')
    const two = removeChoiceOption(sampled, 'bg_fill', 'option1')
    expect(two.fields[0]).toMatchObject({ default: 'option2' })
    expect(two.samples.en).toEqual({ bg_fill: 'option2' })
    expect(() => parseTemplate(two)).not.toThrow()
    expect(removeChoiceOption(two, 'bg_fill', 'option2')).toBe(two)
  })

  it('edits a gradient stop bound by its path', () => {
    const g = parseTemplate({
      ...template,
      layers: [
        {
          id: 'bg',
          type: 'shape',
          fill: {
            type: 'linear',
            angle: 90,
            stops: [
              { offset: 0, color: '#ff0000' },
              { offset: 1, color: '#0000ff' },
            ],
          },
        },
      ],
    })
    const t = markColorField(g, 'bg', 'fill.stops[1].color', 'End')
    expect(t.layers[0]).toMatchObject({
      fill: { stops: [{ color: '#ff0000' }, { color: { field: 'bg_fill' } }] },
    })
    expect(Array.isArray((t.layers[0] as { fill: { stops: unknown } }).fill.stops)).toBe(true)
    expect(() => parseTemplate(t)).not.toThrow()
  })
})
