/** Sizes in whole tenths of a pixel, as boxes are kept: a document keeps no floating-point noise of a drag. */
export const tenth = (n: number) => Math.round(n * 10) / 10
export const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n))
