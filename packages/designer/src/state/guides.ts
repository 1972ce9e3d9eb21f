import { type Size, type SizeGuides, sizeOrDefault, type Template } from '@templet/template'

/** A guide's axis: `x` is a vertical line (at an x), `y` a horizontal one, as snapping's lines are. */
export type GuideAxis = 'x' | 'y'

/** A size's guides on both axes (none when it has none). */
export const guidesOf = (size: Pick<Size, 'guides'>): { x: number[]; y: number[] } => ({
  x: size.guides?.x ?? [],
  y: size.guides?.y ?? [],
})

/** Tenths of a pixel, as boxes are kept; on the page, which the model requires. */
const place = (at: number, side: number) => Math.min(side, Math.max(0, Math.round(at * 10) / 10))

const same = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => v === b[i])

/**
 * The template with the size `sizeId`'s guides replaced (kept on the page, in tenths of a pixel); an axis with
 * none is left out, and a size with none has no `guides`, as documents saved before guides existed. The same
 * template when nothing changes, so a drop where the guide was leaves no undo step.
 */
export function withGuides(t: Template, sizeId: string, guides: Partial<SizeGuides>): Template {
  const size = sizeOrDefault(t, sizeId)
  const before = guidesOf(size)
  const x = (guides.x ?? before.x).map((at) => place(at, size.width))
  const y = (guides.y ?? before.y).map((at) => place(at, size.height))
  if (same(x, before.x) && same(y, before.y)) return t
  const { guides: _, ...rest } = size
  const next: Size =
    x.length + y.length === 0
      ? rest
      : { ...rest, guides: { ...(x.length > 0 && { x }), ...(y.length > 0 && { y }) } }
  return { ...t, sizes: t.sizes.map((s) => (s === size ? next : s)) }
}

/**
 * A size given new pixels, its guides through the layout's mapping (`at * k + d` on each axis) and kept on its
 * new page.
 */
export function mapGuides(size: Size, map: { kx: number; dx: number; ky: number; dy: number }): Size {
  if (!size.guides) return size
  const { x, y } = guidesOf(size)
  const guides = {
    ...(x.length > 0 && { x: x.map((at) => place(at * map.kx + map.dx, size.width)) }),
    ...(y.length > 0 && { y: y.map((at) => place(at * map.ky + map.dy, size.height)) }),
  }
  return { ...size, guides }
}
