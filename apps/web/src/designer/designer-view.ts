import type { DesignerViewOptions } from '@templet/designer'

/**
 * Whether the visitor shows the designer's rulers and layout grid, and the grid's spacing: a view preference kept
 * in localStorage for every template, as Figma keeps its rulers on from one file to the next.
 */
const KEY = 'templet.designer.view'

export function readDesignerView(): Partial<DesignerViewOptions> | undefined {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<DesignerViewOptions> | null
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined
    return {
      rulers: parsed.rulers === true,
      grid: parsed.grid === true,
      // The designer keeps a spacing out of range within it.
      ...(typeof parsed.gridSpacing === 'number' && { gridSpacing: parsed.gridSpacing }),
    }
  } catch {
    return undefined
  }
}

export function writeDesignerView(view: DesignerViewOptions): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(view))
  } catch {
    // Not kept (storage full, private mode): the designer opens with its own defaults next time.
  }
}
