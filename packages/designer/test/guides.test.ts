import { type Template, templateSchema } from '@templet/template'
import { describe, expect, it } from 'vitest'
import {
  type DesignerAction,
  designerReducer,
  gridLines,
  guidesOf,
  initialState,
  snapBox,
  snapResize,
  snapTargets,
  withGuides,
  withLines,
} from '../src/index'
import { twoSizeCard } from './card'

const run = (t: Template, ...actions: DesignerAction[]) => actions.reduce(designerReducer, initialState(t))
const plain = twoSizeCard('guides-card', [
  { id: 'dot', type: 'shape', fill: '#000000', box: { x: 10, y: 10, w: 40, h: 40 } },
])

describe('guides', () => {
  it('are kept per size, in tenths of a pixel on the page, and one edit is one undo step', () => {
    const s = run(
      plain,
      { type: 'guides', guides: { y: [120.04] } },
      { type: 'showSize', sizeId: 'banner' },
      {
        type: 'guides',
        guides: { x: [900, -5] },
      },
    )
    expect(s.document.sizes[0]?.guides).toEqual({ y: [120] })
    expect(s.document.sizes[1]?.guides).toEqual({ x: [800, 0] })
    expect(templateSchema.parse(s.document)).toEqual(s.document)
    expect(s.past).toHaveLength(2)
    const undone = designerReducer(s, { type: 'undo' })
    expect(undone.document.sizes[1]).not.toHaveProperty('guides')
    expect(undone.document.sizes[0]?.guides).toEqual({ y: [120] })
  })

  it('a size left with none has no guides at all, as before guides existed; the same guides leave no step', () => {
    const s = run(plain, { type: 'guides', guides: { x: [50] } }, { type: 'guides', guides: { x: [] } })
    expect(s.document.sizes[0]).not.toHaveProperty('guides')
    expect(run(plain, { type: 'guides', guides: { x: [] } }).past).toHaveLength(0)
    const once = run(plain, { type: 'guides', guides: { x: [50] } })
    expect(designerReducer(once, { type: 'guides', guides: { x: [50.01] } })).toBe(once)
    expect(guidesOf({})).toEqual({ x: [], y: [] })
  })

  it('moves by keyboard coalesce into one step per visit of the guide', () => {
    const s = run(
      plain,
      { type: 'guides', guides: { y: [100] } },
      { type: 'guides', guides: { y: [101] }, coalesce: 'g1' },
      { type: 'guides', guides: { y: [102] }, coalesce: 'g1' },
    )
    expect(s.past).toHaveLength(2)
  })

  it('follow their size when it is resized, and go with it when it is removed', () => {
    const withLinesAt = withGuides(plain, 'square', { x: [200], y: [0, 400] })
    const wide = run(withLinesAt, { type: 'resizeSize', sizeId: 'square', width: 800, height: 400 })
    // Scaled by the smaller factor (1) and centred across the wider page, as the layers are.
    expect(wide.document.sizes[0]?.guides).toEqual({ x: [400], y: [0, 400] })
    const small = run(withLinesAt, { type: 'resizeSize', sizeId: 'square', width: 200, height: 200 })
    expect(small.document.sizes[0]?.guides).toEqual({ x: [100], y: [0, 200] })
    const gone = run(withGuides(plain, 'banner', { x: [1] }), { type: 'removeSize', sizeId: 'banner' })
    expect(gone.document.sizes.map((s) => s.guides)).toEqual([undefined])
  })
})

describe('snapping to guides and the layout grid', () => {
  const page = { width: 400, height: 400 }

  it('a moved box snaps to a guide within the threshold, with the line to draw', () => {
    const targets = withLines(snapTargets(page, []), { x: [123] })
    const { box, guides } = snapBox({ x: 70, y: 300, w: 50, h: 20 }, targets, 6)
    expect(box.x).toBe(73)
    expect(guides).toEqual([{ axis: 'x', at: 123 }])
    expect(snapBox({ x: 60, y: 300, w: 50, h: 20 }, targets, 6).guides).toEqual([])
  })

  it('a resized edge snaps to a horizontal guide', () => {
    const targets = withLines(snapTargets(page, []), { y: [250] })
    const { box } = snapResize({ x: 10, y: 10, w: 50, h: 236 }, { y: 'end' }, targets, 6)
    expect(box).toEqual({ x: 10, y: 10, w: 50, h: 240 })
  })

  it("the grid's lines run every spacing px from the page's corner, to its edge", () => {
    expect(gridLines(page, 100)).toEqual({ x: [0, 100, 200, 300, 400], y: [0, 100, 200, 300, 400] })
    expect(gridLines({ width: 25, height: 10 }, 8)).toEqual({ x: [0, 8, 16, 24], y: [0, 8] })
    expect(gridLines(page, 1)).toEqual({ x: [], y: [] })
    expect(gridLines(page, Number.NaN)).toEqual({ x: [], y: [] })
  })

  it('a box moved with the grid on lands its nearest edge on a grid line', () => {
    const targets = withLines(snapTargets(page, []), gridLines(page, 8))
    const { box } = snapBox({ x: 19, y: 45, w: 30, h: 30 }, targets, 3)
    // Left 19 is 3 from 16, centre 34 is 2 from 32, right 49 is 1 from 48: the right edge lands; top 45 → 48.
    expect(box).toEqual({ x: 18, y: 48, w: 30, h: 30 })
  })
})
