import type { Box, Size } from '@templet/template'

/** A box of `w` × `h` centred in the size, in whole pixels. */
export const centredBox = (size: Size, w: number, h: number): Box => ({
  x: Math.round((size.width - w) / 2),
  y: Math.round((size.height - h) / 2),
  w: Math.round(w),
  h: Math.round(h),
})

/** The shorter side of the size: what a new layer's measures are a share of. */
export const shortSide = (size: Size) => Math.min(size.width, size.height)
