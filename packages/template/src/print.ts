import { z } from 'zod'

/**
 * Physical sizes of printed media. A template size keeps its layout in pixels (its `width` × `height`,
 * the design grid every layer box is written in); a size with `print` is also a sheet of paper, which the
 * renderer draws at 300 dpi for raster outputs and in points for PDF. No Node built-in: a browser uses
 * the same numbers to label sizes and offer PDF.
 */
export const MM_PER_INCH = 25.4
export const POINTS_PER_INCH = 72
/** The resolution of every raster output of a print size. */
export const PRINT_DPI = 300
/** A size without `print` is a screen size; its PDF page takes CSS's 96 px to the inch. */
export const SCREEN_PX_PER_INCH = 96
/** The bleed a print shop expects around the trimmed sheet when asked for one. */
export const BLEED_MM = 3
// A2 (420 × 594 mm) is the largest sheet offered: 4961 × 7016 px at 300 dpi is 139 MB of pixels to draw.
const MAX_SIDE_MM = 600

export const printUnits = ['mm', 'in'] as const
export type PrintUnit = (typeof printUnits)[number]

export const printSizeSchema = z
  .object({
    width: z.number().positive(),
    height: z.number().positive(),
    unit: z.enum(printUnits),
  })
  .strict()
  .refine(
    (p) => Math.max(toInches(p.width, p.unit), toInches(p.height, p.unit)) * MM_PER_INCH <= MAX_SIDE_MM,
    {
      message: `a printed side is at most ${MAX_SIDE_MM} mm (A2)`,
    },
  )
export type PrintSize = z.infer<typeof printSizeSchema>

const toInches = (value: number, unit: PrintUnit) => (unit === 'in' ? value : value / MM_PER_INCH)

/** The sheet in inches. */
export const printInches = (p: PrintSize) => ({
  width: toInches(p.width, p.unit),
  height: toInches(p.height, p.unit),
})

/** The sheet in PDF points (1/72 in), unrounded: A4 is 595.276 × 841.89. */
export function printPoints(p: PrintSize) {
  const inches = printInches(p)
  return { width: inches.width * POINTS_PER_INCH, height: inches.height * POINTS_PER_INCH }
}

/** The sheet's pixels at `dpi` (default 300), rounded as a print shop counts them: A4 is 2480 × 3508. */
export function printPixels(p: PrintSize, dpi = PRINT_DPI) {
  const inches = printInches(p)
  return { width: Math.round(inches.width * dpi), height: Math.round(inches.height * dpi) }
}

/** The paper sizes the catalogue and the designer offer, portrait; a landscape size swaps the sides. */
export const PAPER_SIZES = {
  a3: { width: 297, height: 420, unit: 'mm' },
  a4: { width: 210, height: 297, unit: 'mm' },
  a5: { width: 148, height: 210, unit: 'mm' },
  a6: { width: 105, height: 148, unit: 'mm' },
  letter: { width: 8.5, height: 11, unit: 'in' },
  'postcard-4x6': { width: 4, height: 6, unit: 'in' },
  'card-5x7': { width: 5, height: 7, unit: 'in' },
} as const satisfies Record<string, PrintSize>

/** How a sheet reads to a person: "210 × 297 mm", "5 × 7 in". */
export const formatPrintSize = (p: PrintSize) => `${trim(p.width)} × ${trim(p.height)} ${p.unit}`
const trim = (n: number) => String(Math.round(n * 100) / 100)

// The layout is drawn stretched to the sheet; beyond 1 % a circle would visibly become an ellipse.
const ASPECT_TOLERANCE = 0.01

/**
 * Why a size's pixels do not have the proportions of its sheet, or undefined when they do (within 1 %).
 */
export function aspectMismatch(width: number, height: number, p: PrintSize): string | undefined {
  const inches = printInches(p)
  const ratio = width / height / (inches.width / inches.height)
  if (Math.abs(ratio - 1) <= ASPECT_TOLERANCE) return undefined
  const fitted = Math.round((height * inches.width) / inches.height)
  return `${width} × ${height} px is not the shape of ${formatPrintSize(p)}: make the width ${fitted} px (or change the sheet)`
}
