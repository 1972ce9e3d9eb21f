import { parseTemplate, type Template } from '@templet/template'
import { describe, expect, it } from 'vitest'
import { boxIn, copyLayers, designerReducer, initialState, pasteLayers } from '../src/index'
import { squareCard } from './card'

const square = { id: 'square', width: 400, height: 400, label: { en: 'Square', 'zh-CN': '方形' } }
const banner = { id: 'banner', width: 800, height: 200, label: { en: 'Banner', 'zh-CN': '横幅' } }
const nameField = {
  key: 'name',
  kind: 'text',
  label: { en: 'Name', 'zh-CN': '姓名' },
  default: 'Ada',
  maxLength: 30,
}

/** A design at a square and a banner whose title, shown in the banner, has a layout and a font size of its own. */
const source = parseTemplate({
  id: 'source',
  typeId: 'social-posts',
  name: { en: 'Source', 'zh-CN': '来源' },
  sizes: [square, banner],
  fields: [nameField, { ...nameField, key: 'unused', label: { en: 'Unused', 'zh-CN': '未用' } }],
  layers: [
    { id: 'bg', type: 'shape', fill: '#ffffff' },
    {
      id: 'title',
      name: 'Title',
      type: 'text',
      text: 'Hi {{name}}',
      size: 40,
      box: { x: 20, y: 20, w: 300, h: 60 },
      bySize: { banner: { box: { x: 400, y: 50, w: 380, h: 60 }, size: 30 } },
      when: { field: 'name', present: true },
    },
  ],
  samples: { en: { name: 'Grace', unused: 'x' }, 'zh-CN': { name: '格蕾丝' } },
})

const layerOf = (t: Template, id: string) => {
  const l = t.layers.find((x) => x.id === id)
  if (!l) throw new Error(`no layer ${id}`)
  return l
}

describe('copy and paste of layers', () => {
  it('copies a layer as drawn in the size shown, with the fields it uses and their samples', () => {
    const clip = copyLayers(source, 'banner', ['title'])
    expect(clip?.layers).toEqual([
      expect.objectContaining({
        id: 'title',
        size: 30,
        box: { x: 400, y: 50, w: 380, h: 60 },
      }),
    ])
    // No layout per size: the design it is pasted into has sizes of its own.
    expect(clip?.layers[0]?.bySize).toBeUndefined()
    expect(clip?.fields.map((f) => f.key)).toEqual(['name'])
    expect(clip?.samples).toEqual({ en: { name: 'Grace' }, 'zh-CN': { name: '格蕾丝' } })
    expect(copyLayers(source, 'banner', [])).toBeUndefined()
  })

  it('pastes into another design with the field it lacks; a layer off its page is centred on it', () => {
    const clip = copyLayers(source, 'banner', ['title'])
    if (!clip) throw new Error('nothing copied')
    const other = squareCard('other', [{ id: 'title', type: 'shape', fill: '#000000' }])
    const { document, ids } = pasteLayers(other, 'square', clip)
    expect(ids).toEqual(['title-2'])
    const pasted = layerOf(document, 'title-2')
    // x 400 is off a 400 px page: centred.
    expect(boxIn(document, pasted, 'square')).toEqual({ x: 10, y: 170, w: 380, h: 60 })
    expect(document.fields.map((f) => f.key)).toEqual(['name'])
    expect(document.samples.en).toEqual({ name: 'Grace' })
    expect(() => parseTemplate(document)).not.toThrow()
  })

  it('shares a field the design has alike; a field of the same key but otherwise is added under a new key', () => {
    const clip = copyLayers(source, 'square', ['title'])
    if (!clip) throw new Error('nothing copied')
    const alike = pasteLayers(source, 'square', clip)
    expect(alike.document.fields.map((f) => f.key)).toEqual(['name', 'unused'])

    const differs = parseTemplate({
      ...source,
      fields: [{ ...nameField, label: { en: 'Guest', 'zh-CN': '来宾' } }],
      layers: [],
      samples: { en: {}, 'zh-CN': {} },
    })
    const { document, ids } = pasteLayers(differs, 'square', clip)
    expect(document.fields.map((f) => f.key)).toEqual(['name', 'name2'])
    const pasted = layerOf(document, ids[0] ?? '')
    expect(pasted).toMatchObject({ text: 'Hi {{name2}}', when: { field: 'name2', present: true } })
    expect(document.samples.en).toEqual({ name2: 'Grace' })
  })

  it('a pasted field keeps its column name where the design has it free, else takes a default', () => {
    const named = parseTemplate({
      ...source,
      fields: [{ ...nameField, column: 'guest' }],
      samples: { en: {}, 'zh-CN': {} },
    })
    const clip = copyLayers(named, 'square', ['title'])
    if (!clip) throw new Error('nothing copied')
    const free = pasteLayers(squareCard('free', []), 'square', clip)
    expect(free.document.fields.map((f) => f.column)).toEqual(['guest'])
    const taken = parseTemplate({
      ...source,
      fields: [{ ...nameField, label: { en: 'Guest', 'zh-CN': '来宾' }, column: 'guest' }],
      layers: [],
      samples: { en: {}, 'zh-CN': {} },
    })
    const { document } = pasteLayers(taken, 'square', clip)
    expect(document.fields.map((f) => [f.key, f.column])).toEqual([
      ['name', 'guest'],
      ['name2', undefined],
    ])
    expect(() => parseTemplate(document)).not.toThrow()
  })

  it('pasted into the design it came from, moves 10 px off the original; one undo step, the copies selected', () => {
    const copied = designerReducer(initialState(source), { type: 'select', ids: ['title'] })
    const clip = copyLayers(copied.document, copied.sizeId, copied.selection)
    if (!clip) throw new Error('nothing copied')
    const once = designerReducer(copied, { type: 'paste', clip })
    const twice = designerReducer(once, { type: 'paste', clip })
    expect(twice.selection).toEqual(['title-3'])
    expect(twice.document.layers.map((l) => [l.id, l.name])).toEqual([
      ['bg', undefined],
      ['title', 'Title'],
      ['title-2', 'Title 2'],
      ['title-3', 'Title 3'],
    ])
    expect(boxIn(twice.document, layerOf(twice.document, 'title-2'), 'square')).toMatchObject({
      x: 30,
      y: 30,
    })
    expect(boxIn(twice.document, layerOf(twice.document, 'title-3'), 'square')).toMatchObject({
      x: 40,
      y: 40,
    })
    expect(designerReducer(once, { type: 'undo' }).document).toBe(source)
  })
})
