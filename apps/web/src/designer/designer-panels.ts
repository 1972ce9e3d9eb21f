import type { DesignerPanels } from '@templet/designer'

/**
 * Which of the designer's side panels the visitor folded away, kept in localStorage for every template: one who
 * works on a laptop with the layers panel closed finds it closed on the next design too.
 */
const KEY = 'templet.designer.panels'

export function readDesignerPanels(): DesignerPanels | undefined {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<DesignerPanels> | null
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined
    return { layers: parsed.layers !== false, properties: parsed.properties !== false }
  } catch {
    return undefined
  }
}

export function writeDesignerPanels(panels: DesignerPanels): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(panels))
  } catch {
    // Not kept (storage full, private mode): the panels open as the designer's default next time.
  }
}
