import { describe, expect, it } from 'vitest'
import {
  boxIn,
  type DesignerAction,
  designerReducer,
  initialState,
  resizeBox,
  scaleBoxes,
} from '../src/index'
import { squareCard } from './card'

const template = squareCard('group-card', [
  { id: 'a', type: 'shape', fill: '#ff0000', box: { x: 100, y: 100, w: 50, h: 50 } },
  { id: 'b', type: 'shape', fill: '#00ff00', box: { x: 200, y: 150, w: 100, h: 50 } },
  { id: 'pin', type: 'shape', fill: '#0000ff', locked: true, box: { x: 0, y: 0, w: 10, h: 10 } },
])

const run = (...actions: DesignerAction[]) => actions.reduce(designerReducer, initialState(template))
const boxOf = (s: ReturnType<typeof run>, id: string) => {
  const layer = s.document.layers.find((l) => l.id === id)
  if (!layer) throw new Error(`no layer ${id}`)
  return boxIn(s.document, layer, s.sizeId)
}

describe('resizing a multi-selection', () => {
  it('scales every box with the frame: places and shares kept', () => {
    const from = { x: 100, y: 100, w: 200, h: 100 }
    const to = { x: 100, y: 100, w: 400, h: 50 }
    expect(
      scaleBoxes(from, to, [
        { x: 100, y: 100, w: 50, h: 50 },
        { x: 200, y: 150, w: 100, h: 50 },
      ]),
    ).toEqual([
      { x: 100, y: 100, w: 100, h: 25 },
      { x: 300, y: 125, w: 200, h: 25 },
    ])
  })

  it('keeps the ratio of the frame with Shift (a corner drag), so nothing is distorted', () => {
    const from = { x: 100, y: 100, w: 200, h: 100 }
    const to = resizeBox(from, 0, 'se', 200, 10, true)
    expect(to.w / to.h).toBeCloseTo(2)
    const [a] = scaleBoxes(from, to, [{ x: 100, y: 100, w: 50, h: 50 }])
    expect((a?.w ?? 0) / (a?.h ?? 1)).toBeCloseTo(1)
  })

  it('is one undo step however many pointer moves, and leaves a locked layer where it is', () => {
    const from = { x: 100, y: 100, w: 200, h: 100 }
    const step = (w: number): DesignerAction => ({
      type: 'scaleGroup',
      layers: template.layers,
      handle: 'e',
      from,
      to: { ...from, w },
      transient: true,
    })
    const s = run(
      { type: 'select', ids: ['a', 'b', 'pin'] },
      { type: 'begin' },
      step(250),
      step(300),
      step(400),
      { type: 'end' },
    )
    expect(boxOf(s, 'a')).toEqual({ x: 100, y: 100, w: 100, h: 50 })
    expect(boxOf(s, 'b')).toEqual({ x: 300, y: 150, w: 200, h: 50 })
    expect(boxOf(s, 'pin')).toEqual({ x: 0, y: 0, w: 10, h: 10 })
    expect(s.past).toHaveLength(1)
    const undone = designerReducer(s, { type: 'undo' })
    expect(boxOf(undone, 'b')).toEqual({ x: 200, y: 150, w: 100, h: 50 })
  })
})
