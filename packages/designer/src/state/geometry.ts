import type { Box } from '@templet/template'

/** A resize handle: the side or corner it sits on (n = top, e = right, s = bottom, w = left). */
export type Handle = 'n' | 'ne' | 'e' | 'se' | 's' | 'sw' | 'w' | 'nw'
export const HANDLES: Handle[] = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w']

/** Where a handle sits on its box, as fractions of the width and height. */
export function handleAt(h: Handle): { fx: number; fy: number } {
  return {
    fx: h.includes('w') ? 0 : h.includes('e') ? 1 : 0.5,
    fy: h.includes('n') ? 0 : h.includes('s') ? 1 : 0.5,
  }
}

const rad = (deg: number) => (deg * Math.PI) / 180
/** (x, y) turned by `deg` degrees clockwise (the canvas's y runs down). */
export function rotatePoint(x: number, y: number, deg: number) {
  const c = Math.cos(rad(deg))
  const s = Math.sin(rad(deg))
  return { x: x * c - y * s, y: x * s + y * c }
}

/** Where the point at fractions (fx, fy) of a box lands on the canvas once the box is rotated about its centre. */
export function pointOf(box: Box, rotation: number, fx: number, fy: number) {
  const r = rotatePoint((fx - 0.5) * box.w, (fy - 0.5) * box.h, rotation)
  return { x: box.x + box.w / 2 + r.x, y: box.y + box.h / 2 + r.y }
}

/**
 * The box after dragging `handle` by (dx, dy) canvas px. The drag is read in the layer's own (rotated) frame,
 * and the opposite side or corner stays where it is on the canvas. `keepRatio` (Shift) keeps the start's
 * proportions: a corner scales both sides, an edge grows the other side about the middle.
 */
export function resizeBox(
  start: Box,
  rotation: number,
  handle: Handle,
  dx: number,
  dy: number,
  keepRatio = false,
): Box {
  const d = rotatePoint(dx, dy, -rotation)
  const { fx, fy } = handleAt(handle)
  let w = start.w + (fx === 1 ? d.x : fx === 0 ? -d.x : 0)
  let h = start.h + (fy === 1 ? d.y : fy === 0 ? -d.y : 0)
  w = Math.max(1, w)
  h = Math.max(1, h)
  if (keepRatio) {
    const ratio = start.w / start.h
    if (fx === 0.5) w = h * ratio
    else if (fy === 0.5) h = w / ratio
    else if (w / start.w > h / start.h) h = w / ratio
    else w = h * ratio
  }
  return anchored(start, rotation, { w, h }, 1 - fx, 1 - fy)
}

/** A box of the new size placed so that the point at fractions (ax, ay) stays where it was on `start`. */
export function anchored(
  start: Box,
  rotation: number,
  size: { w: number; h: number },
  ax: number,
  ay: number,
): Box {
  const fixed = pointOf(start, rotation, ax, ay)
  const r = rotatePoint((ax - 0.5) * size.w, (ay - 0.5) * size.h, rotation)
  const cx = fixed.x - r.x
  const cy = fixed.y - r.y
  return { x: cx - size.w / 2, y: cy - size.h / 2, w: size.w, h: size.h }
}

/**
 * The rotation that turns a box's top handle towards the pointer, in degrees within (-180, 180]. `step`
 * (Shift: 15) rounds it.
 */
export function rotationTowards(box: Box, pointer: { x: number; y: number }, step?: number): number {
  const cx = box.x + box.w / 2
  const cy = box.y + box.h / 2
  let deg = (Math.atan2(pointer.y - cy, pointer.x - cx) * 180) / Math.PI + 90
  if (step) deg = Math.round(deg / step) * step
  return normalizeAngle(deg)
}

/** An angle in (-180, 180], rounded to a tenth of a degree. */
export function normalizeAngle(deg: number): number {
  let a = deg % 360
  if (a > 180) a -= 360
  if (a <= -180) a += 360
  return Math.round(a * 10) / 10 || 0
}

/** The box spanned by two corners, in any order (a marquee). */
export function boxFromCorners(a: { x: number; y: number }, b: { x: number; y: number }): Box {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), w: Math.abs(a.x - b.x), h: Math.abs(a.y - b.y) }
}

/** Whether two boxes overlap (touching edges do not). */
export function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h
}

export type AlignEdge = 'left' | 'center' | 'right' | 'top' | 'middle' | 'bottom'

/** `box` moved so that its `edge` lines up with the same edge of `to`. */
export function alignBox(box: Box, to: Box, edge: AlignEdge): Box {
  switch (edge) {
    case 'left':
      return { ...box, x: to.x }
    case 'center':
      return { ...box, x: to.x + (to.w - box.w) / 2 }
    case 'right':
      return { ...box, x: to.x + to.w - box.w }
    case 'top':
      return { ...box, y: to.y }
    case 'middle':
      return { ...box, y: to.y + (to.h - box.h) / 2 }
    case 'bottom':
      return { ...box, y: to.y + to.h - box.h }
  }
}

/**
 * Boxes spread with equal gaps along an axis, the first and last staying where they are (ordered by their
 * position on that axis). Fewer than three boxes stay as they are. Returns the boxes in the input order.
 */
export function distributeBoxes(boxes: Box[], axis: 'x' | 'y'): Box[] {
  if (boxes.length < 3) return boxes
  const pos = axis === 'x' ? 'x' : 'y'
  const len = axis === 'x' ? 'w' : 'h'
  const order = boxes.map((b, i) => ({ b, i })).sort((p, q) => p.b[pos] - q.b[pos])
  const first = order[0]?.b as Box
  const end = Math.max(...boxes.map((b) => b[pos] + b[len]))
  const total = boxes.reduce((sum, b) => sum + b[len], 0)
  const gap = (end - first[pos] - total) / (boxes.length - 1)
  const out = [...boxes]
  let at = first[pos]
  for (const { b, i } of order) {
    out[i] = { ...b, [pos]: at }
    at += b[len] + gap
  }
  return out
}

/**
 * Boxes scaled with their union: each keeps its place and share of `from` inside `to` (a multi-selection's
 * frame resized), so the layout inside the selection grows or shrinks as one.
 */
export function scaleBoxes(from: Box, to: Box, boxes: Box[]): Box[] {
  const sx = from.w > 0 ? to.w / from.w : 1
  const sy = from.h > 0 ? to.h / from.h : 1
  return boxes.map((b) => ({
    x: to.x + (b.x - from.x) * sx,
    y: to.y + (b.y - from.y) * sy,
    w: b.w * sx,
    h: b.h * sy,
  }))
}
