import { describe, expect, it } from 'vitest'
import { parseTemplate, type TemplateInput, textStyle } from '../src/index'
import { choiceField, label } from './choice-field'
import { parseError } from './parse-error'

const base = (): TemplateInput => ({
  id: 'test-card',
  typeId: 'social-posts',
  name: { en: 'Test', 'zh-CN': '测试' },
  sizes: [{ id: 'square', width: 400, height: 400, label: { en: 'Square', 'zh-CN': '方形' } }],
  fields: [
    { key: 'title', kind: 'text', label: { en: 'Title', 'zh-CN': '标题' }, default: 'Hello', maxLength: 40 },
    { key: 'accent', kind: 'color', label: { en: 'Accent', 'zh-CN': '强调色' }, default: '#ff0000' },
  ],
  layers: [
    { id: 'bg', type: 'shape', fill: '#ffffff' },
    { id: 'title', type: 'text', text: '{{title}}', size: 40, box: { x: 10, y: 10, w: 380, h: 100 } },
  ],
  samples: { en: {}, 'zh-CN': {} },
})

describe('parseTemplate', () => {
  it('accepts a valid template and fills in defaults', () => {
    const t = parseTemplate(base())
    const title = t.layers[1]
    expect(title?.type === 'text' && title.lineHeight).toBe(1.2)
  })

  it('accepts a design with no layers yet (a blank page), keeping its fields', () => {
    const t = parseTemplate({ ...base(), layers: [] })
    expect(t.layers).toEqual([])
    expect(t.fields.map((f) => f.key)).toEqual(['title', 'accent'])
  })

  it('names the layer and the property of a wrong type', () => {
    const t = base()
    ;(t.layers[1] as { size: unknown }).size = 'big'
    const e = parseError(t)
    expect(e.message).toContain('layer "title", property "size"')
    expect(e.issues[0]).toMatchObject({ layer: 'title', property: 'size' })
  })

  it('names the layer and the property of a malformed colour', () => {
    const t = base()
    ;(t.layers[0] as { fill: unknown }).fill = 'red'
    expect(parseError(t).message).toContain('layer "bg", property "fill"')
  })

  it('names a binding to a field that does not exist', () => {
    const t = base()
    ;(t.layers[1] as { color: unknown }).color = { field: 'missing' }
    expect(parseError(t).message).toContain('layer "title", property "color.field": no field "missing"')
  })

  it('names a text that refers to an unknown field', () => {
    const t = base()
    ;(t.layers[1] as { text: unknown }).text = '{{subtitle}}'
    expect(parseError(t).message).toContain('layer "title", property "text": no field "subtitle"')
  })

  it('names an unknown property of a layer', () => {
    const t = base()
    ;(t.layers[1] as Record<string, unknown>).fontSize = 12
    expect(parseError(t).message).toMatch(/layer "title".*fontSize/)
  })

  it('names a layer by its index when it has no id', () => {
    const t = base()
    delete (t.layers[1] as { id?: string }).id
    expect(parseError(t).message).toContain('layer "layers[1]", property "id"')
  })

  it('takes a fixed image layer (a logo) with no field', () => {
    const t = base()
    t.layers.push({ id: 'logo', type: 'image', src: '42', box: { x: 0, y: 0, w: 50, h: 50 } })
    const logo = parseTemplate(t).layers[2]
    expect(logo).toMatchObject({ type: 'image', src: '42', fit: 'cover' })
    expect(logo && 'field' in logo && logo.field).toBeFalsy()
  })

  it('names an image layer with both a field and a fixed image, or with neither', () => {
    const both = base()
    both.fields.push({ key: 'photo', kind: 'image', label: { en: 'Photo', 'zh-CN': '照片' } })
    both.layers.push({ id: 'logo', type: 'image', field: 'photo', src: '42' })
    expect(parseError(both).message).toContain('layer "logo", property "field": an image layer takes either')
    const neither = base()
    neither.layers.push({ id: 'logo', type: 'image' })
    expect(parseError(neither).issues[0]).toMatchObject({ layer: 'logo', property: 'field' })
  })

  it('takes a weight the customer chooses (a choice field mapped to weights) and names a weight that is none', () => {
    const t = base()
    t.fields.push(
      choiceField('heft', label('Weight', '字重'), [
        ['light', 'Light', '细'],
        ['heavy', 'Heavy', '粗'],
      ]),
    )
    ;(t.layers[1] as { weight: unknown }).weight = { field: 'heft', map: { light: 400, heavy: 800 } }
    const title = parseTemplate(t).layers[1]
    expect(
      title?.type === 'text' && textStyle(title, { values: { heft: 'heavy' }, sizeId: 'square' }).weight,
    ).toBe(800)
    ;(t.layers[1] as { weight: unknown }).weight = { field: 'heft', map: { light: 400, heavy: 450 } }
    expect(parseError(t).issues[0]).toMatchObject({ layer: 'title' })
    expect(parseError(t).issues[0]?.property).toMatch(/^weight/)
  })
})
