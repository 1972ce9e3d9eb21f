import type { Box } from '@templet/template'

/** A line a moved box snapped to: vertical at `x = at`, or horizontal at `y = at`. */
export interface Guide {
  axis: 'x' | 'y'
  at: number
}

export interface SnapTargets {
  /** Vertical lines: the canvas's edges and centre, other layers' edges and centres. */
  x: number[]
  y: number[]
}

/** Where a box can snap: the canvas's edges and centre, and every other box's edges and centres. */
export function snapTargets(canvas: { width: number; height: number }, others: Box[]): SnapTargets {
  return {
    x: [0, canvas.width / 2, canvas.width, ...others.flatMap((b) => [b.x, b.x + b.w / 2, b.x + b.w])],
    y: [0, canvas.height / 2, canvas.height, ...others.flatMap((b) => [b.y, b.y + b.h / 2, b.y + b.h])],
  }
}

/** Lines to snap to: vertical ones at each `x`, horizontal ones at each `y` (guides, a grid's lines). */
export type SnapLines = Partial<SnapTargets>

/** The targets with more lines to snap to: the size's guides, the layout grid's lines. */
export const withLines = (targets: SnapTargets, ...lines: SnapLines[]): SnapTargets => ({
  x: [...targets.x, ...lines.flatMap((l) => l.x ?? [])],
  y: [...targets.y, ...lines.flatMap((l) => l.y ?? [])],
})

/** Below this spacing a layout grid is not snapped to: every position would snap, which is no snapping. */
export const MIN_GRID_SPACING = 2

/** A layout grid's lines across a page, every `spacing` px from its top left corner. */
export function gridLines(page: { width: number; height: number }, spacing: number): SnapTargets {
  if (!(spacing >= MIN_GRID_SPACING)) return { x: [], y: [] }
  const along = (side: number) =>
    Array.from({ length: Math.floor(side / spacing) + 1 }, (_, i) => i * spacing)
  return { x: along(page.width), y: along(page.height) }
}

/** The nearest target to any of `edges` within `threshold`: the shift that lands it there, and the line. */
function nearest(edges: number[], targets: number[], threshold: number) {
  let best: { shift: number; at: number } | undefined
  for (const e of edges)
    for (const t of targets) {
      const shift = t - e
      if (Math.abs(shift) <= threshold && (!best || Math.abs(shift) < Math.abs(best.shift)))
        best = { shift, at: t }
    }
  return best
}

/**
 * Snaps a box being moved: its left, centre and right to the nearest vertical target, its top, middle and
 * bottom to the nearest horizontal one, each within `threshold` px. Returns the snapped box and the guides
 * to draw.
 */
export function snapBox(box: Box, targets: SnapTargets, threshold: number): { box: Box; guides: Guide[] } {
  const sx = nearest([box.x, box.x + box.w / 2, box.x + box.w], targets.x, threshold)
  const sy = nearest([box.y, box.y + box.h / 2, box.y + box.h], targets.y, threshold)
  const guides: Guide[] = []
  if (sx) guides.push({ axis: 'x', at: sx.at })
  if (sy) guides.push({ axis: 'y', at: sy.at })
  return { box: { ...box, x: box.x + (sx?.shift ?? 0), y: box.y + (sy?.shift ?? 0) }, guides }
}

/**
 * Snaps the edges a resize handle moves (the left edge for a west handle, …) to the nearest target within
 * `threshold`; the other edges stay. For an unrotated box.
 */
export function snapResize(
  box: Box,
  moved: { x?: 'start' | 'end'; y?: 'start' | 'end' },
  targets: SnapTargets,
  threshold: number,
): { box: Box; guides: Guide[] } {
  const out = { ...box }
  const guides: Guide[] = []
  if (moved.x) {
    const edge = moved.x === 'start' ? box.x : box.x + box.w
    const s = nearest([edge], targets.x, threshold)
    if (s) {
      if (moved.x === 'start') {
        out.x += s.shift
        out.w -= s.shift
      } else out.w += s.shift
      guides.push({ axis: 'x', at: s.at })
    }
  }
  if (moved.y) {
    const edge = moved.y === 'start' ? box.y : box.y + box.h
    const s = nearest([edge], targets.y, threshold)
    if (s) {
      if (moved.y === 'start') {
        out.y += s.shift
        out.h -= s.shift
      } else out.h += s.shift
      guides.push({ axis: 'y', at: s.at })
    }
  }
  return out.w >= 1 && out.h >= 1 ? { box: out, guides } : { box, guides: [] }
}
