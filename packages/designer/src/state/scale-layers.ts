import type { Box, Layer, Template } from '@templet/template'
import { designerKinds } from '../kinds'
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

/**
 * The layer with its px styles scaled by `k` as drawn in the size shown, the same object when `k` is 1: what
 * its kind scales (a text's font size in the size it is shown in; a radius, outline or shadow the model keeps
 * once for every size only in the first size).
 */
export const scaleLayerStyle = (t: Template, layer: Layer, sizeId: string, k: number): Layer =>
  designerKinds.scale(t, layer, sizeId, k)
