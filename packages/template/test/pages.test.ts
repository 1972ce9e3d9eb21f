import { describe, expect, it } from 'vitest'
import {
  documentCost,
  layerPage,
  MAX_PAGES,
  onPage,
  pageCount,
  pageLayers,
  parseTemplate,
  type TemplateInput,
  templatePages,
} from '../src/index'

const menu = (): TemplateInput => ({
  id: 'two-page-menu',
  typeId: 'menus',
  name: { en: 'Menu', 'zh-CN': '菜单' },
  sizes: [{ id: 'a5', width: 420, height: 595, label: { en: 'A5', 'zh-CN': 'A5' } }],
  fields: [],
  layers: [
    { id: 'cover-bg', type: 'shape', fill: '#102030' },
    { id: 'dishes-bg', type: 'shape', fill: '#ffffff', page: 'dishes' },
    { id: 'title', type: 'shape', fill: '#ff0000', box: { x: 10, y: 10, w: 40, h: 40 }, page: 'cover' },
  ],
  pages: [
    { id: 'cover', name: 'Cover' },
    { id: 'dishes', name: 'Dishes' },
  ],
  samples: { en: {}, 'zh-CN': {} },
})

describe('pages of a design (ADR 0198)', () => {
  it('put a layer without a page on the first page, and each layer on the page it names', () => {
    const t = parseTemplate(menu())
    expect(pageCount(t)).toBe(2)
    expect(layerPage(t, t.layers[0] as never)).toBe('cover')
    expect(pageLayers(t, 'cover').map((l) => l.id)).toEqual(['cover-bg', 'title'])
    expect(pageLayers(t, 'dishes').map((l) => l.id)).toEqual(['dishes-bg'])
    expect(onPage(t, 1).layers.map((l) => l.id)).toEqual(['dishes-bg'])
    expect(onPage(t, 1).sizes).toBe(t.sizes)
  })

  it('give a design saved before pages its one page, drawn as it always was (the same object)', () => {
    const { pages: _, ...plain } = menu()
    const t = parseTemplate({ ...plain, layers: plain.layers.map(({ page: _p, ...l }) => l) as never })
    expect(t).not.toHaveProperty('pages')
    expect(pageCount(t)).toBe(1)
    expect(templatePages(t).map((p) => p.id)).toEqual(['page-1'])
    expect(onPage(t, 0)).toBe(t)
    expect(() => onPage(t, 1)).toThrow(RangeError)
  })

  it('refuse a page past the last, a layer naming a page the design lacks, and two pages of one id', () => {
    const t = parseTemplate(menu())
    expect(() => onPage(t, 2)).toThrow(/has 2 page\(s\); there is no page 3/)
    expect(() => onPage(t, -1)).toThrow(RangeError)
    expect(() => parseTemplate({ ...menu(), pages: [{ id: 'cover', name: 'Cover' }] })).toThrow(
      /no page "dishes"/,
    )
    expect(() =>
      parseTemplate({
        ...menu(),
        pages: [
          { id: 'cover', name: 'Cover' },
          { id: 'cover', name: 'Again' },
          { id: 'dishes', name: 'Dishes' },
        ],
      }),
    ).toThrow(/duplicate page "cover"/)
    expect(() => parseTemplate({ ...menu(), pages: [] })).toThrow(/pages/)
    const many = Array.from({ length: MAX_PAGES + 1 }, (_, i) => ({ id: `p${i}`, name: `P${i}` }))
    expect(() => parseTemplate({ ...menu(), pages: [...many, ...(menu().pages ?? [])] })).toThrow(/pages/)
  })

  it('keep a group on one page', () => {
    const input = menu()
    input.groups = [{ id: 'pair', name: 'Pair' }]
    input.layers = input.layers.map((l) =>
      l.id === 'cover-bg' || l.id === 'dishes-bg' ? { ...l, group: 'pair' } : l,
    )
    expect(() => parseTemplate(input)).toThrow(/group "pair" is on another page/)
  })

  it('cost every page drawn in every size, once more for each of its own layers with a shadow', () => {
    const { pages: _, ...plain } = menu()
    const one = documentCost(
      parseTemplate({ ...plain, layers: plain.layers.map(({ page: _p, ...l }) => l) as never }),
    )
    const two = documentCost(parseTemplate(menu()))
    expect(one.pages).toBe(1)
    expect(two.pages).toBe(2)
    expect(two.megapixels).toBeCloseTo(one.megapixels * 2, 6)
    const input = menu()
    input.layers = input.layers.map((l) =>
      l.id === 'dishes-bg' ? { ...l, shadow: { color: '#000000', x: 0, y: 4, blur: 8 } } : l,
    )
    // The cover is drawn once, the dishes twice (their shadow).
    expect(documentCost(parseTemplate(input)).megapixels).toBeCloseTo(one.megapixels * 3, 6)
  })
})
