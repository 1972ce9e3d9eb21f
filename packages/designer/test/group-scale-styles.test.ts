import { type Layer, parseTemplate, type Template } from '@templet/template'
import { describe, expect, it } from 'vitest'
import {
  type DesignerAction,
  type DesignerState,
  designerReducer,
  type Handle,
  initialState,
  resizeBox,
  styleScale,
} from '../src/index'
import { twoSizeCard } from './card'

const template = twoSizeCard('scale-card', [
  {
    id: 'title',
    type: 'text',
    text: 'Launch day',
    size: 30,
    letterSpacing: 0.05,
    shrinkToFit: { minSize: 15 },
    box: { x: 100, y: 100, w: 200, h: 60 },
    bySize: { banner: { box: { x: 20, y: 20, w: 300, h: 60 } } },
  },
  {
    id: 'card',
    type: 'shape',
    fill: '#ff0000',
    radius: 12,
    stroke: { color: '#000000', width: 2 },
    shadow: { color: '#00000040', x: 0, y: 150, blur: 8 },
    box: { x: 100, y: 160, w: 200, h: 140 },
    bySize: { banner: { box: { x: 20, y: 80, w: 300, h: 100 } } },
  },
  {
    id: 'photo',
    type: 'image',
    src: 'logo',
    radius: 8,
    box: { x: 300, y: 100, w: 100, h: 100 },
    bySize: { banner: { box: { x: 320, y: 20, w: 100, h: 160 } } },
  },
  { id: 'pin', type: 'text', text: 'Pinned', size: 20, locked: true, box: { x: 0, y: 0, w: 80, h: 30 } },
])

/** The selection's frame in the square size: the union of title, card and photo. */
const frame = { x: 100, y: 100, w: 300, h: 200 }
const everything = ['title', 'card', 'photo', 'pin']

const scale = (
  s: DesignerState,
  handle: Handle,
  dx: number,
  dy: number,
  keepRatio = false,
): DesignerAction => ({
  type: 'scaleGroup',
  layers: s.document.layers,
  handle,
  from: frame,
  to: resizeBox(frame, 0, handle, dx, dy, keepRatio),
  transient: true,
})

const layerOf = <T extends Layer['type']>(t: Template, id: string, type: T) => {
  const layer = t.layers.find((l) => l.id === id)
  if (layer?.type !== type) throw new Error(`no ${type} layer ${id}`)
  return layer as Extract<Layer, { type: T }>
}

/** A resize gesture of several pointer moves on the selection's frame, from the state it starts in. */
function resize(
  handle: Handle,
  moves: Array<[number, number]>,
  o: { keepRatio?: boolean; sizeId?: string } = {},
) {
  let s = designerReducer(initialState(template, o.sizeId), { type: 'select', ids: everything })
  const start = designerReducer(s, { type: 'begin' })
  s = start
  for (const [dx, dy] of moves) s = designerReducer(s, scale(start, handle, dx, dy, o.keepRatio))
  return designerReducer(s, { type: 'end' })
}

describe('resizing a multi-selection by a corner scales its text and px styles with it', () => {
  it('takes the smaller factor of a corner drag, and none from a side handle', () => {
    expect(styleScale('se', frame, { ...frame, w: 600, h: 300 })).toBe(1.5)
    expect(styleScale('nw', frame, { ...frame, w: 150, h: 200 })).toBe(0.5)
    expect(styleScale('e', frame, { ...frame, w: 600 })).toBe(1)
    expect(styleScale('n', frame, { ...frame, h: 400 })).toBe(1)
  })

  it('scales font size, shrink-to-fit size, radii, outline and shadow by the frame, in one undo step', () => {
    // Shift on the south-east corner: 300 × 200 grows to 450 × 300 over three pointer moves.
    const s = resize(
      'se',
      [
        [30, 0],
        [90, 0],
        [150, 0],
      ],
      { keepRatio: true },
    )
    const title = layerOf(s.document, 'title', 'text')
    expect(title.box).toEqual({ x: 100, y: 100, w: 300, h: 90 })
    expect(title.size).toBe(45)
    expect(title.shrinkToFit).toEqual({ minSize: 22.5 })
    // Letter spacing is in em: it grows with the font by itself.
    expect(title.letterSpacing).toBe(0.05)
    const card = layerOf(s.document, 'card', 'shape')
    expect(card.radius).toBe(18)
    expect(card.stroke).toEqual({ color: '#000000', width: 3 })
    // The shadow's offset stops at the model's 200 px.
    expect(card.shadow).toEqual({ color: '#00000040', x: 0, y: 200, blur: 12 })
    expect(layerOf(s.document, 'photo', 'image').radius).toBe(12)
    // A locked layer stays as it was.
    expect(layerOf(s.document, 'pin', 'text').size).toBe(20)
    expect(s.past).toHaveLength(1)
    expect(designerReducer(s, { type: 'undo' }).document).toBe(template)
    expect(() => parseTemplate(s.document)).not.toThrow()
  })

  it('rounds to tenths of a pixel and keeps the smallest shrink-to-fit size within the size', () => {
    // 300 × 200 to 200 × 133.3…: a factor of 2/3.
    const s = resize('nw', [[100, 200 / 3]])
    const title = layerOf(s.document, 'title', 'text')
    expect(title.size).toBe(20)
    expect(title.shrinkToFit).toEqual({ minSize: 10 })
    const card = layerOf(s.document, 'card', 'shape')
    expect(card.radius).toBe(8)
    expect(card.stroke?.width).toBe(1.3)
    expect(card.shadow?.blur).toBe(5.3)
    expect(layerOf(s.document, 'photo', 'image').radius).toBe(5.3)
  })

  it('takes the smaller factor when a corner drag stretches the frame more one way', () => {
    // 300 × 200 to 600 × 250: the text grows by 1.25, so it keeps its line breaks in a box 2 × 1.25 larger.
    const title = layerOf(resize('se', [[300, 50]]).document, 'title', 'text')
    expect(title.box).toEqual({ x: 100, y: 100, w: 400, h: 75 })
    expect(title.size).toBe(37.5)
  })

  it('keeps the styles on a side handle: the boxes stretch, the fonts stay', () => {
    const s = resize('e', [[300, 0]])
    const title = layerOf(s.document, 'title', 'text')
    expect(title.box).toEqual({ x: 100, y: 100, w: 400, h: 60 })
    expect(title.size).toBe(30)
    expect(layerOf(s.document, 'card', 'shape').stroke?.width).toBe(2)
    expect(s.past).toHaveLength(1)
  })

  it('never compounds: each pointer move scales the styles from where the gesture began', () => {
    const s = resize('se', [
      [300, 200],
      [150, 100],
      [0, 0],
    ])
    expect(s.document).toEqual(template)
  })

  it('leaves no undo step for a click on a corner handle', () => {
    const s = resize('se', [[0, 0]])
    expect(s.document).toBe(template)
    expect(s.past).toHaveLength(0)
  })

  it('in another size, scales a text into that size and leaves the styles every size shares', () => {
    // The banner's frame of the three layers: (20, 20) to (420, 180), 400 × 160; Shift doubles it.
    const bannerFrame = { x: 20, y: 20, w: 400, h: 160 }
    let s = designerReducer(initialState(template, 'banner'), { type: 'select', ids: everything })
    s = designerReducer(s, { type: 'begin' })
    s = designerReducer(s, {
      type: 'scaleGroup',
      layers: template.layers,
      handle: 'se',
      from: bannerFrame,
      to: resizeBox(bannerFrame, 0, 'se', 400, 0, true),
      transient: true,
    })
    const title = layerOf(s.document, 'title', 'text')
    expect(title.bySize?.banner).toEqual({ box: { x: 20, y: 20, w: 600, h: 120 }, size: 60 })
    // The square keeps its design.
    expect(title.size).toBe(30)
    expect(title.box).toEqual({ x: 100, y: 100, w: 200, h: 60 })
    expect(title.shrinkToFit).toEqual({ minSize: 15 })
    expect(layerOf(s.document, 'card', 'shape').radius).toBe(12)
    expect(layerOf(s.document, 'photo', 'image').radius).toBe(8)
  })
})
