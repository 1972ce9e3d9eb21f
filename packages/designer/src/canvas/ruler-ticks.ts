import type { Size } from '@templet/template'

/** What a ruler counts in: the size's pixels, or the millimetres or inches of the sheet a print size is. */
export interface RulerUnit {
  unit: 'px' | 'mm' | 'in'
  /** Template px per unit. */
  px: number
}

/** A screen size's ruler counts its pixels; a print size's, the unit its sheet is given in. */
export function rulerUnit(size: Pick<Size, 'width' | 'print'>): RulerUnit {
  if (!size.print) return { unit: 'px', px: 1 }
  return { unit: size.print.unit, px: size.width / size.print.width }
}

export interface Tick {
  /** CSS px from the ruler's start. */
  at: number
  /** The ruler's number here, in its unit; only on major ticks. */
  label?: string
  major: boolean
}

/** The least room (CSS px) between two numbered ticks: a number of five digits and a gap. */
export const LABEL_ROOM = 56
/** The least room between two small ticks. */
const MINOR_ROOM = 5

/** The smallest of 1, 2, 5 × 10ⁿ units that is at least `room` CSS px on screen. */
export function niceStep(unitOnScreen: number, room: number): number {
  const raw = room / unitOnScreen
  const pow = 10 ** Math.floor(Math.log10(raw))
  for (const m of [1, 2, 5, 10]) if (m * pow >= raw * (1 - 1e-9)) return m * pow
  return 10 * pow
}

/** Into how many parts a numbered step is cut: tens, fifths or halves, as many as leave room. */
const parts = (stepOnScreen: number) => [10, 5, 2].find((n) => stepOnScreen / n >= MINOR_ROOM) ?? 1

/** A number as the ruler writes it: no more decimals than the step has, no "-0". */
export function tickLabel(value: number, step: number): string {
  const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9))
  const s = value.toFixed(decimals)
  return Number(s) === 0 ? '0' : s
}

/**
 * The ticks of a ruler `length` CSS px long whose design 0 lies `origin` CSS px from its start, at `zoom` CSS px
 * per template px, counting in `unit`: numbered ticks at least `LABEL_ROOM` apart whatever the zoom (a 1-2-5
 * step), and small ones between them while they have room. Ticks before 0 count down (negative numbers), as
 * Figma's do.
 */
export function rulerTicks(length: number, origin: number, zoom: number, unit: RulerUnit): Tick[] {
  const unitOnScreen = unit.px * zoom
  if (!(unitOnScreen > 0) || length <= 0) return []
  const step = niceStep(unitOnScreen, LABEL_ROOM)
  const n = parts(step * unitOnScreen)
  const minor = step / n
  const first = Math.ceil(-origin / (minor * unitOnScreen))
  const last = Math.floor((length - origin) / (minor * unitOnScreen))
  const ticks: Tick[] = []
  for (let i = first; i <= last; i++) {
    const major = i % n === 0
    const value = i * minor
    ticks.push({
      at: origin + value * unitOnScreen,
      major,
      ...(major && { label: tickLabel(value, step) }),
    })
  }
  return ticks
}

/** Where a guide lies, as a person reads it: in the ruler's unit, to a tenth (`120 px`, `25.4 mm`). */
export function formatAt(at: number, unit: RulerUnit): string {
  const v = Math.round((at / unit.px) * (unit.unit === 'in' ? 100 : 10)) / (unit.unit === 'in' ? 100 : 10)
  return `${v} ${unit.unit}`
}
