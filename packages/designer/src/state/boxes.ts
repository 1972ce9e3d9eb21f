import { type Box, defaultSize, type Layer, layerBox, sizeOrDefault, type Template } from '@templet/template'

/**
 * A layer's box as drawn in a size (its per-size override, its own box, or the whole canvas). Like every view of
 * the designer, a size id the document no longer has (state of before an edit, an undo, a load) shows the
 * default size rather than failing.
 */
export function boxIn(t: Template, layer: Layer, sizeId: string): Box {
  const size = sizeOrDefault(t, sizeId)
  return layerBox(layer, { sizeId: size.id, width: size.width, height: size.height })
}

/**
 * The layer with its box moved to `box` in a size: the default (first) size edits the layer's own box, any
 * other size its override there, so a banner can be laid out apart from the square it was made from.
 */
export function withBox(t: Template, layer: Layer, sizeId: string, box: Box): Layer {
  const rounded = {
    x: round(box.x),
    y: round(box.y),
    w: Math.max(1, round(box.w)),
    h: Math.max(1, round(box.h)),
  }
  if (sizeId === defaultSize(t).id && !layer.bySize?.[sizeId]) return { ...layer, box: rounded }
  return { ...layer, bySize: { ...layer.bySize, [sizeId]: { ...layer.bySize?.[sizeId], box: rounded } } }
}

/** Positions in whole tenths of a pixel: a document keeps no floating-point noise from a drag. */
const round = (n: number) => Math.round(n * 10) / 10

/** The smallest box around several. */
export function unionBox(boxes: Box[]): Box | undefined {
  if (boxes.length === 0) return undefined
  const x = Math.min(...boxes.map((b) => b.x))
  const y = Math.min(...boxes.map((b) => b.y))
  const right = Math.max(...boxes.map((b) => b.x + b.w))
  const bottom = Math.max(...boxes.map((b) => b.y + b.h))
  return { x, y, w: right - x, h: bottom - y }
}
