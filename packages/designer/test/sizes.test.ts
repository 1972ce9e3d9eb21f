import { layerBox, parseTemplate, type Template } from '@templet/template'
import { describe, expect, it } from 'vitest'
import { type DesignerAction, designerReducer, initialState } from '../src/index'
import { squareCard, twoSizeCard } from './card'

const story = { id: 'story', width: 400, height: 800, label: { en: 'Story', 'zh-CN': '快拍' } }

/** A 400² square: a full-bleed photo bleeding 3 px over each edge, a title and a badge. */
const square = squareCard('sizes-card', [
  { id: 'bg', type: 'shape', fill: '#ffffff' },
  { id: 'photo', type: 'shape', fill: '#336699', box: { x: -3, y: -3, w: 406, h: 406 } },
  { id: 'title', type: 'text', text: 'Hello', size: 40, box: { x: 20, y: 40, w: 360, h: 80 } },
  { id: 'badge', type: 'shape', fill: '#ff0000', box: { x: 300, y: 300, w: 50, h: 50 } },
])

const run = (t: Template, ...actions: DesignerAction[]) => actions.reduce(designerReducer, initialState(t))

/** Each layer's box and text size as drawn in `sizeId` (of the document's pixels there). */
function layout(t: Template, sizeId: string) {
  const size = t.sizes.find((s) => s.id === sizeId)
  if (!size) throw new Error(`no size ${sizeId}`)
  return Object.fromEntries(
    t.layers.map((l) => [
      l.id,
      {
        box: layerBox(l, { sizeId, width: size.width, height: size.height }),
        ...('size' in l && { size: l.bySize?.[sizeId]?.size ?? l.size }),
      },
    ]),
  )
}

describe('sizes of a design', () => {
  it('a size added is laid out from the default: full-bleed layers cover it, the rest scaled and centred', () => {
    const s = run(square, { type: 'addSize', size: story })
    expect(s.sizeId).toBe('story')
    expect(s.document.sizes.map((x) => x.id)).toEqual(['square', 'story'])
    const l = layout(s.document, 'story')
    // 400 × 800 from 400²: the same scale, the square's design centred 200 px down.
    expect(l.photo?.box).toEqual({ x: -3, y: -6, w: 406, h: 812 })
    expect(l.title).toEqual({ box: { x: 20, y: 240, w: 360, h: 80 }, size: 40 })
    expect(l.badge?.box).toEqual({ x: 300, y: 500, w: 50, h: 50 })
    expect(l.bg?.box).toEqual({ x: 0, y: 0, w: 400, h: 800 })
    // The default size is untouched, and the document is one the model accepts.
    expect(layout(s.document, 'square')).toEqual(layout(square, 'square'))
    expect(() => parseTemplate(s.document)).not.toThrow()
  })

  it('a smaller size scales text with the boxes, and a second size of the same id is named apart', () => {
    const small = { ...story, id: 'square', width: 200, height: 200 }
    const s = run(square, { type: 'addSize', size: small })
    expect(s.sizeId).toBe('square-2')
    expect(layout(s.document, 'square-2').title).toEqual({ box: { x: 10, y: 20, w: 180, h: 40 }, size: 20 })
  })

  it('resizing a size fits its layout; resizing the default leaves the other sizes as they were', () => {
    const two = run(square, { type: 'addSize', size: story }).document
    const s = run(two, { type: 'resizeSize', sizeId: 'square', width: 800, height: 400 })
    expect(s.document.sizes[0]).toMatchObject({ id: 'square', width: 800, height: 400 })
    const wide = layout(s.document, 'square')
    expect(wide.photo?.box).toEqual({ x: -6, y: -3, w: 812, h: 406 })
    expect(wide.title).toEqual({ box: { x: 220, y: 40, w: 360, h: 80 }, size: 40 })
    expect(layout(s.document, 'story')).toEqual(layout(two, 'story'))

    const halved = run(two, { type: 'resizeSize', sizeId: 'square', width: 200, height: 200 }).document
    expect(layout(halved, 'square').title).toEqual({ box: { x: 10, y: 20, w: 180, h: 40 }, size: 20 })
    expect(layout(halved, 'story')).toEqual(layout(two, 'story'))
  })

  it('removing the default size makes the next the default with its own layout; the sizes after keep theirs', () => {
    const three = run(twoSizeCard('three', square.layers), { type: 'addSize', size: story }).document
    const s = run(three, { type: 'removeSize', sizeId: 'square' })
    expect(s.document.sizes.map((x) => x.id)).toEqual(['banner', 'story'])
    expect(s.sizeId).toBe('banner')
    expect(layout(s.document, 'banner')).toEqual(layout(three, 'banner'))
    expect(layout(s.document, 'story')).toEqual(layout(three, 'story'))
    expect(() => parseTemplate(s.document)).not.toThrow()
  })

  it('removing another size drops its layout; the last size stays; undo brings a size back', () => {
    const two = run(square, { type: 'addSize', size: story })
    const removed = designerReducer(two, { type: 'removeSize', sizeId: 'story' })
    expect(removed.document).toEqual(square)
    expect(removed.sizeId).toBe('square')
    expect(designerReducer(removed, { type: 'removeSize', sizeId: 'square' }).document).toBe(removed.document)
    const undone = designerReducer(removed, { type: 'undo' })
    expect(undone.document.sizes.map((x) => x.id)).toEqual(['square', 'story'])
    // Undoing the add shows the default size again, not a size the document no longer has.
    expect(designerReducer(two, { type: 'undo' }).sizeId).toBe('square')
  })

  it('a print size is not resized in pixels: its sheet fixes its proportions', () => {
    const a6 = {
      id: 'a6',
      width: 620,
      height: 874,
      label: { en: 'A6', 'zh-CN': 'A6' },
      print: { width: 105, height: 148, unit: 'mm' as const },
    }
    const s = run(
      square,
      { type: 'addSize', size: a6 },
      { type: 'resizeSize', sizeId: 'a6', width: 700, height: 700 },
    )
    expect(s.document.sizes[1]).toMatchObject({ width: 620, height: 874 })
  })
})
