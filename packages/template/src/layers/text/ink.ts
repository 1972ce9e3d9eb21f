import type { Canvas2D } from '../../canvas'
import { visualRuns } from './bidi'
import { applyRunFont, HYPHEN, type Measurer, styledRuns, type TextStyle } from './content'

const LRO = '\u202D'
const RLO = '\u202E'
const PDF = '\u202C'

/** A piece of a line drawn in one call: one font, one direction. */
export interface Piece {
  text: string
  run: { system: Parameters<typeof applyRunFont>[3]; emphasis: number; color: number }
  rtl: boolean
  width: number
}

/**
 * A line's pieces from left to right: its level runs in visual order (UAX #9 from the paragraph's levels),
 * each cut into runs of one font, those in reverse inside a right-to-left run. The shaper orders the
 * characters inside each piece by its direction. A cut line's "…" and a hyphenated line's hyphen go at the
 * paragraph's end side.
 */
export function linePieces(
  m: Measurer,
  line: { start: number; end: number; paragraph: number; ellipsis: boolean; hyphen: boolean },
): Piece[] {
  const { content } = m
  const p = content.paragraphs[line.paragraph]
  if (!p) return []
  const base = p.bidi.direction === 'rtl' ? 1 : 0
  const pieces: Piece[] = []
  for (const lr of visualRuns(p.bidi.levels, line.start - p.start, line.end - p.start, base)) {
    const rtl = lr.level % 2 === 1
    const runs = styledRuns(content, p.start + lr.start, p.start + lr.end)
    for (const r of rtl ? runs.reverse() : runs) {
      // The levels are resolved: an override keeps the shaper from reordering the run a second time
      // (it would reverse a Hebrew word inside a left-to-right override, for one).
      const text = `${rtl ? RLO : LRO}${content.text.slice(r.start, r.end)}${PDF}`
      pieces.push({ text, run: r, rtl, width: m.runWidth(text, r.system, r.emphasis) })
    }
  }
  // A cut line's "…", or the hyphen of a line broken inside a word, in the font of the line's last character.
  const mark = line.ellipsis ? '…' : line.hyphen ? HYPHEN : undefined
  if (mark) {
    const [last] = styledRuns(content, Math.max(p.start, line.end - 1), Math.max(p.start + 1, line.end))
    const run = { system: last?.system ?? 'latin', emphasis: last?.emphasis ?? 0, color: last?.color ?? 0 }
    const end = { text: mark, run, rtl: base === 1, width: m.runWidth(mark, run.system, run.emphasis) }
    if (base === 1) pieces.unshift(end)
    else pieces.push(end)
  }
  return pieces
}

/**
 * How far each line moves down so that no line's ink reaches into the next one's: a line whose marks stack
 * above the leading (Vietnamese capitals, Thai tone marks) or hang below it (Khmer subscripts, Tamil, Arabic) at
 * a tight line height pushes the lines after it down by the overlap; lines whose ink clears keep their places.
 * The ink is each piece's drawn extent above and below the baseline (an outline's width added), so the shift
 * is the same on every surface that measures the same faces.
 */
export function inkClearShifts(
  ctx: Canvas2D,
  style: TextStyle,
  size: number,
  lineHeightPx: number,
  lines: Piece[][],
): number[] {
  const outline = style.outlineWidth ?? 0
  const inks = lines.map((pieces) => {
    let above = 0
    let below = 0
    for (const pc of pieces) {
      applyRunFont(ctx, style, size, pc.run.system, pc.run.emphasis)
      const metrics = ctx.measureText(pc.text)
      above = Math.max(above, metrics.actualBoundingBoxAscent + outline)
      below = Math.max(below, metrics.actualBoundingBoxDescent + outline)
    }
    return { above, below }
  })
  const shifts = [0]
  for (let i = 1; i < inks.length; i++) {
    const overlap = (inks[i - 1]?.below ?? 0) + (inks[i]?.above ?? 0) - lineHeightPx
    shifts.push((shifts[i - 1] ?? 0) + Math.max(0, Math.ceil(overlap)))
  }
  return shifts
}
