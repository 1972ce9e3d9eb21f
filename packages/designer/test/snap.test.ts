import { describe, expect, it } from 'vitest'
import { snapBox, snapTargets } from '../src/index'

describe('snapping', () => {
  const targets = snapTargets({ width: 400, height: 400 }, [{ x: 300, y: 10, w: 50, h: 50 }])

  it('snaps a box’s centre to the canvas’s centre within the threshold, with the guides to draw', () => {
    const { box, guides } = snapBox({ x: 148, y: 153, w: 100, h: 100 }, targets, 6)
    expect(box).toEqual({ x: 150, y: 150, w: 100, h: 100 })
    expect(guides).toEqual([
      { axis: 'x', at: 200 },
      { axis: 'y', at: 200 },
    ])
  })

  it('snaps to another layer’s edge, and leaves a box alone beyond the threshold', () => {
    expect(snapBox({ x: 180, y: 96, w: 118, h: 20 }, targets, 6).box.x).toBe(182)
    const far = snapBox({ x: 120, y: 100, w: 20, h: 20 }, targets, 6)
    expect(far).toEqual({ box: { x: 120, y: 100, w: 20, h: 20 }, guides: [] })
  })
})
