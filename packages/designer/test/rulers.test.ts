import { PAPER_SIZES } from '@templet/template'
import { describe, expect, it } from 'vitest'
import { LABEL_ROOM, niceStep, tickLabel } from '../src/canvas/ruler-ticks'
import { rulerTicks, rulerUnit } from '../src/index'

const px = rulerUnit({ width: 1080 })
const labelled = (ticks: ReturnType<typeof rulerTicks>) => ticks.filter((t) => t.major)

describe('ruler ticks', () => {
  it('a screen size counts its pixels; a print size the unit its sheet is given in', () => {
    expect(px).toEqual({ unit: 'px', px: 1 })
    expect(rulerUnit({ width: 2480, print: PAPER_SIZES.a4 })).toEqual({ unit: 'mm', px: 2480 / 210 })
    expect(rulerUnit({ width: 1500, print: PAPER_SIZES['card-5x7'] })).toEqual({ unit: 'in', px: 300 })
  })

  it('steps go 1, 2, 5 × 10ⁿ, the smallest leaving the room a number needs', () => {
    expect(niceStep(1, 56)).toBe(100)
    expect(niceStep(0.5, 56)).toBe(200)
    expect(niceStep(1.2, 56)).toBe(50)
    expect(niceStep(8, 56)).toBe(10)
    expect(niceStep(400, 56)).toBe(0.2)
    expect(niceStep(1, 50)).toBe(50)
  })

  it('at 100 % a 1080 px page is numbered every 100 px, with ten small ticks between', () => {
    const ticks = rulerTicks(1200, 40, 1, px)
    expect(labelled(ticks).map((t) => t.label)).toEqual([
      '0',
      '100',
      '200',
      '300',
      '400',
      '500',
      '600',
      '700',
      '800',
      '900',
      '1000',
      '1100',
    ])
    expect(ticks[0]).toEqual({ at: 0, major: false })
    expect(ticks.find((t) => t.label === '0')?.at).toBe(40)
    expect(ticks.find((t) => t.label === '100')?.at).toBe(140)
    expect(ticks.filter((t) => t.at > 40 && t.at < 140)).toHaveLength(9)
  })

  it('numbers stay legible at every zoom: never closer than a label’s room, and never more than 5 labels’ room apart', () => {
    for (let zoom = 0.05; zoom <= 8; zoom *= 1.17) {
      const major = labelled(rulerTicks(2000, 0, zoom, px))
      const gap = (major[1]?.at ?? 0) - (major[0]?.at ?? 0)
      expect(gap).toBeGreaterThanOrEqual(LABEL_ROOM - 1e-6)
      expect(gap).toBeLessThan(LABEL_ROOM * 5)
    }
  })

  it('follows scrolling: a page scrolled past its start counts from where it is, negatives before 0', () => {
    const scrolled = labelled(rulerTicks(300, -250, 1, px))
    expect(scrolled.map((t) => t.label)).toEqual(['300', '400', '500'])
    expect(scrolled[0]?.at).toBe(50)
    expect(labelled(rulerTicks(300, 250, 1, px)).map((t) => t.label)).toEqual(['-200', '-100', '0'])
  })

  it('an A4 sheet counts millimetres: at 300 dpi shown at 25 % it is numbered every 20 mm, 0 to 200', () => {
    const a4 = rulerUnit({ width: 2480, print: PAPER_SIZES.a4 })
    const major = labelled(rulerTicks(620, 0, 0.25, a4))
    expect(major.map((t) => t.label)).toEqual([
      '0',
      '20',
      '40',
      '60',
      '80',
      '100',
      '120',
      '140',
      '160',
      '180',
      '200',
    ])
    expect(major[10]?.at).toBeCloseTo((200 * 2480) / 210 / 4)
  })

  it('inches zoomed in go to tenths, written with their decimal', () => {
    const inch = rulerUnit({ width: 1500, print: PAPER_SIZES['card-5x7'] })
    const major = labelled(rulerTicks(400, 0, 1, inch))
    expect(major.map((t) => t.label)).toEqual(['0', '0.2', '0.4', '0.6', '0.8', '1.0', '1.2'])
    expect(tickLabel(-0.00001, 0.2)).toBe('0')
    expect(tickLabel(1500, 500)).toBe('1500')
  })

  it('draws nothing for a ruler with no length or a zoom of nothing', () => {
    expect(rulerTicks(0, 0, 1, px)).toEqual([])
    expect(rulerTicks(100, 0, 0, px)).toEqual([])
  })
})
