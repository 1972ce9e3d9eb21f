import { describe, expect, it } from 'vitest'
import { stepZoom } from '../src/canvas/viewport'
import {
  alignBox,
  boxFromCorners,
  distributeBoxes,
  intersects,
  normalizeAngle,
  pointOf,
  resizeBox,
  rotationTowards,
  snapResize,
  snapTargets,
} from '../src/index'

const box = { x: 100, y: 100, w: 200, h: 100 }
const close = (b: { x: number; y: number; w: number; h: number }) => ({
  x: Math.round(b.x * 100) / 100,
  y: Math.round(b.y * 100) / 100,
  w: Math.round(b.w * 100) / 100,
  h: Math.round(b.h * 100) / 100,
})

describe('resizing with a handle', () => {
  it('moves only the dragged sides, the opposite corner staying', () => {
    expect(resizeBox(box, 0, 'se', 20, 10)).toEqual({ x: 100, y: 100, w: 220, h: 110 })
    expect(resizeBox(box, 0, 'nw', 20, 10)).toEqual({ x: 120, y: 110, w: 180, h: 90 })
    expect(resizeBox(box, 0, 'e', 20, 50)).toEqual({ x: 100, y: 100, w: 220, h: 100 })
    expect(resizeBox(box, 0, 'n', 20, -50)).toEqual({ x: 100, y: 50, w: 200, h: 150 })
  })

  it('keeps the ratio with Shift: a corner scales both sides, an edge grows the other about the middle', () => {
    expect(resizeBox(box, 0, 'se', 200, 0, true)).toEqual({ x: 100, y: 100, w: 400, h: 200 })
    expect(resizeBox(box, 0, 'nw', -200, 0, true)).toEqual({ x: -100, y: 0, w: 400, h: 200 })
    expect(resizeBox(box, 0, 's', 0, 100, true)).toEqual({ x: 0, y: 100, w: 400, h: 200 })
  })

  it('never makes a side smaller than 1 px', () => {
    expect(resizeBox(box, 0, 'e', -500, 0).w).toBe(1)
  })

  it('reads the drag in a rotated layer’s frame and keeps its opposite corner on the canvas', () => {
    // Turned 90°: the layer's own right edge faces down the canvas.
    const before = pointOf(box, 90, 0, 0)
    const after = resizeBox(box, 90, 'se', 0, 40)
    expect(close(after).w).toBe(240)
    expect(close(after).h).toBe(100)
    const fixed = pointOf(after, 90, 0, 0)
    expect(fixed.x).toBeCloseTo(before.x)
    expect(fixed.y).toBeCloseTo(before.y)
  })

  it('snaps the moved edges only, within the threshold', () => {
    const targets = snapTargets({ width: 400, height: 400 }, [])
    const { box: snapped, guides } = snapResize({ x: 100, y: 100, w: 297, h: 50 }, { x: 'end' }, targets, 6)
    expect(snapped).toEqual({ x: 100, y: 100, w: 300, h: 50 })
    expect(guides).toEqual([{ axis: 'x', at: 400 }])
    const left = snapResize({ x: 4, y: 100, w: 50, h: 50 }, { x: 'start', y: 'end' }, targets, 6)
    expect(left.box).toEqual({ x: 0, y: 100, w: 54, h: 50 })
  })
})

describe('rotating with the handle', () => {
  it('turns the top towards the pointer, Shift rounding to 15°', () => {
    const centre = { x: 200, y: 150 }
    expect(rotationTowards(box, { x: centre.x, y: 0 })).toBe(0)
    expect(rotationTowards(box, { x: 400, y: centre.y })).toBe(90)
    expect(rotationTowards(box, { x: centre.x, y: 400 })).toBe(180)
    expect(rotationTowards(box, { x: 0, y: centre.y })).toBe(-90)
    expect(rotationTowards(box, { x: 300, y: 0 }, 15)).toBe(30)
    expect(normalizeAngle(370)).toBe(10)
    expect(normalizeAngle(-190)).toBe(170)
  })
})

describe('marquee, align and distribute', () => {
  it('spans a marquee from two corners in any order and tells which boxes it touches', () => {
    const m = boxFromCorners({ x: 50, y: 300 }, { x: 10, y: 20 })
    expect(m).toEqual({ x: 10, y: 20, w: 40, h: 280 })
    expect(intersects(m, { x: 45, y: 0, w: 10, h: 30 })).toBe(true)
    expect(intersects(m, { x: 50, y: 0, w: 10, h: 30 })).toBe(false)
  })

  it('aligns an edge or a centre to another box', () => {
    const to = { x: 0, y: 0, w: 400, h: 400 }
    expect(alignBox(box, to, 'left')).toMatchObject({ x: 0, y: 100 })
    expect(alignBox(box, to, 'center')).toMatchObject({ x: 100 })
    expect(alignBox(box, to, 'right')).toMatchObject({ x: 200 })
    expect(alignBox(box, to, 'top')).toMatchObject({ y: 0, x: 100 })
    expect(alignBox(box, to, 'middle')).toMatchObject({ y: 150 })
    expect(alignBox(box, to, 'bottom')).toMatchObject({ y: 300 })
  })

  it('distributes with equal gaps, the outermost staying, in the input order', () => {
    const boxes = [
      { x: 300, y: 0, w: 50, h: 10 },
      { x: 0, y: 0, w: 50, h: 10 },
      { x: 60, y: 0, w: 100, h: 10 },
    ]
    // Span 0–350, 200 px of boxes: two gaps of 75.
    expect(distributeBoxes(boxes, 'x').map((b) => b.x)).toEqual([300, 0, 125])
    expect(distributeBoxes(boxes.slice(0, 2), 'x')).toEqual(boxes.slice(0, 2))
  })
})

describe('zoom steps', () => {
  it('zooms out from 25 % through 20 % and 15 % to 10 %, and back in the same steps', () => {
    const out = [0.25]
    for (let i = 0; i < 3; i++) out.push(stepZoom(out.at(-1) ?? 1, -1))
    expect(out).toEqual([0.25, 0.2, 0.15, 0.1])
    expect(stepZoom(0.1, 1)).toBe(0.15)
  })
})
