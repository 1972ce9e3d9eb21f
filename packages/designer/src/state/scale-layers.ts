import { type Box, defaultSize, type Layer, type Template } from '@templet/template'
import { type Handle, handleAt } from './geometry'

/**
 * The factor a multi-selection's px styles (font sizes, radii, outlines, shadows) scale by when its frame is
 * resized by `handle` from `from` to `to`. A corner scales the design: the smaller of the two axes' factors,
 * so each text keeps its line breaks in its box and nothing outgrows the frame (with Shift both are the
 * same). A side handle stretches one axis only: the boxes change and the styles stay, as a non-uniform
 * scale does in Figma, since no font size keeps the look of a text stretched one way.
 */
export function styleScale(handle: Handle, from: Box, to: Box): number {
  const { fx, fy } = handleAt(handle)
  if (fx === 0.5 || fy === 0.5 || from.w <= 0 || from.h <= 0) return 1
  return Math.min(to.w / from.w, to.h / from.h)
}

/** Sizes in whole tenths of a pixel, as boxes are kept: a document keeps no floating-point noise of a drag. */
const tenth = (n: number) => Math.round(n * 10) / 10
const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n))

/**
 * The layer with its px styles scaled by `k` as drawn in the size shown, the same object when `k` is 1. A
 * text's font size goes where that size takes it from (its override in another size, as its box does); the
 * other px styles (a text's smallest shrink-to-fit size, an image's radius, a shape's radius, outline and
 * shadow) the model keeps once for every size, so they scale only in the first size, leaving the other
 * sizes as they were designed.
 */
export function scaleLayerStyle(t: Template, layer: Layer, sizeId: string, k: number): Layer {
  if (k === 1) return layer
  const first = sizeId === defaultSize(t).id
  switch (layer.type) {
    case 'text': {
      const override = layer.bySize?.[sizeId]
      if (!first || override?.size !== undefined) {
        const size = Math.max(1, tenth((override?.size ?? layer.size) * k))
        return { ...layer, bySize: { ...layer.bySize, [sizeId]: { ...override, size } } }
      }
      const size = Math.max(1, tenth(layer.size * k))
      const shrinkToFit = layer.shrinkToFit && {
        minSize: Math.min(size, Math.max(1, tenth(layer.shrinkToFit.minSize * k))),
      }
      // Letter spacing is in em and line height a multiple of the size: both scale with it already.
      return { ...layer, size, ...(shrinkToFit && { shrinkToFit }) }
    }
    case 'image':
      return first && layer.radius > 0 ? { ...layer, radius: tenth(layer.radius * k) } : layer
    case 'shape': {
      if (!first) return layer
      const { stroke, shadow } = layer
      return {
        ...layer,
        radius: tenth(layer.radius * k),
        ...(stroke && { stroke: { ...stroke, width: Math.max(0.1, tenth(stroke.width * k)) } }),
        // The model bounds a shadow's offset and blur to 200 px.
        ...(shadow && {
          shadow: {
            ...shadow,
            x: clamp(tenth(shadow.x * k), -200, 200),
            y: clamp(tenth(shadow.y * k), -200, 200),
            blur: clamp(tenth(shadow.blur * k), 0, 200),
          },
        }),
      }
    }
    case 'qr':
      // Its quiet zone is in modules: it scales with the box.
      return layer
  }
}
