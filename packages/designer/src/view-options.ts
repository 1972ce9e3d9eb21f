/**
 * How the designer shows the canvas: rulers, and the layout grid with its spacing. A view preference of the person,
 * not a part of the template (docs/designer.md): the host may remember it for every design.
 */
export interface DesignerViewOptions {
  rulers: boolean
  grid: boolean
  /** The layout grid's spacing, in the design's px. */
  gridSpacing: number
}

/** The spacings the grid's spacing field offers; any other whole number in range may be typed. */
export const GRID_SPACINGS = [8, 10, 20, 50] as const
export const GRID_SPACING_RANGE = { min: 2, max: 500 } as const

export const DEFAULT_VIEW: DesignerViewOptions = { rulers: false, grid: false, gridSpacing: 10 }

/** A spacing typed or remembered, as a whole number in range; anything else is the default. */
export function gridSpacing(n: unknown): number {
  if (typeof n !== 'number' || !Number.isFinite(n)) return DEFAULT_VIEW.gridSpacing
  return Math.min(GRID_SPACING_RANGE.max, Math.max(GRID_SPACING_RANGE.min, Math.round(n)))
}
