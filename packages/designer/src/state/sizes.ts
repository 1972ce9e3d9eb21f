import { type Box, defaultSize, type Layer, type Size, type Template } from '@templet/template'
import { designerKinds } from '../kinds'
import { boxIn, withBox } from './boxes'
import { mapGuides } from './guides'

/** A size's pixels. */
type Dims = Pick<Size, 'width' | 'height'>

/** Whether a box covers the whole page (a background, a full-bleed photo), bleeding over its edges or not. */
const coversPage = (b: Box, page: Dims) =>
  b.x <= 0 && b.y <= 0 && b.x + b.w >= page.width && b.y + b.h >= page.height

/**
 * The layers as laid out in size `fromId` (of pixels `from`) placed into size `toId` (of pixels `to`): a layer
 * covering the page is stretched to cover the new one; the rest keep their places and proportions, scaled by
 * the smaller of the two factors (so nothing leaves the page) and centred, their text sizes scaled alike.
 */
function fitLayout(t: Template, fromId: string, from: Dims, toId: string, to: Dims): Template {
  const sx = to.width / from.width
  const sy = to.height / from.height
  const k = Math.min(sx, sy)
  const dx = (to.width - from.width * k) / 2
  const dy = (to.height - from.height * k) / 2
  const layers = t.layers.map((l): Layer => {
    // A layer with no box covers every page as it is.
    if (!l.box && !l.bySize?.[fromId]?.box) return l
    const b = boxIn(t, l, fromId)
    if (coversPage(b, from))
      return withBox(t, l, toId, { x: b.x * sx, y: b.y * sy, w: b.w * sx, h: b.h * sy })
    const placed = withBox(t, l, toId, { x: b.x * k + dx, y: b.y * k + dy, w: b.w * k, h: b.h * k })
    return designerKinds.scale(t, placed, toId, k)
  })
  return { ...t, layers }
}

/** `base`, or `base-2`, `base-3` … : the first id no size of the template has. */
export function uniqueSizeId(t: Template, base: string): string {
  const taken = new Set(t.sizes.map((s) => s.id))
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
}

/**
 * The template with `size` added last (its id made unique), laid out from the default size: a Story added to a
 * square post starts with the square's design centred on it, the background stretched to the new page.
 */
export function addSize(t: Template, size: Size): { document: Template; sizeId: string } {
  const id = uniqueSizeId(t, size.id)
  const added = { ...t, sizes: [...t.sizes, { ...size, id }] }
  const first = defaultSize(t)
  return { document: fitLayout(added, first.id, first, id, size), sizeId: id }
}

/**
 * `after` (the default size's layout changed from `before`'s, its text scaled by `k`) with each layer's box and
 * text size written out in every other size that inherited them, so those sizes stay as they were.
 */
function keepOtherSizes(before: Template, after: Template, k: number): Template {
  const others = before.sizes.slice(1).map((s) => s.id)
  const layers = after.layers.map((l, i) => {
    const old = before.layers[i]
    if (!old?.box) return l
    let kept = l
    for (const id of others) {
      const own = old.bySize?.[id]
      if (!own?.box) kept = withBox(after, kept, id, old.box)
      // The default's text size was scaled by k: its inverse keeps this size's text as it was.
      if (own?.size === undefined) kept = designerKinds.scale(after, kept, id, 1 / k)
    }
    return kept
  })
  return { ...after, layers }
}

/**
 * The template with size `sizeId` given new pixels and its layout fitted to them; the other sizes keep theirs.
 * A print size keeps the proportions of its sheet, so only a screen size is resized.
 */
export function resizeSize(t: Template, sizeId: string, to: Dims): Template {
  const size = t.sizes.find((s) => s.id === sizeId)
  if (!size || size.print || (size.width === to.width && size.height === to.height)) return t
  // Guides follow the layers they were set by: scaled by the smaller factor and centred, as fitLayout places them.
  const k = Math.min(to.width / size.width, to.height / size.height)
  const along = { kx: k, ky: k, dx: (to.width - size.width * k) / 2, dy: (to.height - size.height * k) / 2 }
  const resized = {
    ...t,
    sizes: t.sizes.map((s) => (s.id === sizeId ? mapGuides({ ...s, ...to }, along) : s)),
  }
  const fitted = fitLayout(resized, sizeId, size, sizeId, to)
  if (sizeId !== defaultSize(t).id) return fitted
  return keepOtherSizes(t, fitted, k)
}

/** The layer without its layout in size `sizeId`. */
function withoutSize(l: Layer, sizeId: string): Layer {
  const { [sizeId]: _, ...rest } = l.bySize ?? {}
  return { ...l, bySize: Object.keys(rest).length > 0 ? rest : undefined } as Layer
}

/**
 * The template without size `sizeId` (never its last) and every layer's layout there. When it was the default
 * size, the next one becomes the default: its layout becomes each layer's own, and every later size that
 * inherited the removed default's box, text size or alignment keeps them.
 */
export function removeSize(t: Template, sizeId: string): Template {
  if (t.sizes.length < 2 || !t.sizes.some((s) => s.id === sizeId)) return t
  const sizes = t.sizes.filter((s) => s.id !== sizeId)
  if (sizeId !== defaultSize(t).id)
    return { ...t, sizes, layers: t.layers.map((l) => withoutSize(l, sizeId)) }
  const next = defaultSize({ sizes })
  const layers = t.layers.map((l): Layer => {
    const promoted = l.bySize?.[next.id] ?? {}
    const own = l as Layer & Record<string, unknown>
    let kept: Layer = l
    for (const s of sizes.slice(1)) {
      const theirs: Record<string, unknown> = { ...kept.bySize?.[s.id] }
      for (const [key, value] of Object.entries(promoted))
        if (value !== undefined && theirs[key] === undefined && own[key] !== undefined) theirs[key] = own[key]
      if (Object.keys(theirs).length > 0)
        kept = { ...kept, bySize: { ...kept.bySize, [s.id]: theirs } } as Layer
    }
    return withoutSize(withoutSize({ ...kept, ...promoted } as Layer, next.id), sizeId)
  })
  return { ...t, sizes, layers }
}
