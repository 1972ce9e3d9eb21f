import type { Box, Layer, Template } from '@templet/template'
import { boxIn, withBox } from './boxes'

/** What the designer holds: the document, the size shown, the selection and the undo history. */
export interface DesignerState {
  document: Template
  sizeId: string
  /** Selected layers' ids, in the order they were selected. */
  selection: string[]
  /** Earlier documents, the latest last; one entry per action. */
  past: Template[]
  future: Template[]
}

export type DesignerAction =
  /** Replace the selection, or with `toggle` add or remove the layers (Shift-click). */
  | { type: 'select'; ids: string[]; toggle?: boolean }
  | { type: 'showSize'; sizeId: string }
  /**
   * Start of a gesture (a drag, a resize): the document before it becomes one undo step, however many
   * `transient` changes follow.
   */
  | { type: 'begin' }
  /** Moves the selected layers by (dx, dy) px in the size shown. */
  | { type: 'move'; dx: number; dy: number; transient?: boolean }
  /** Sets one layer's box in the size shown. */
  | { type: 'setBox'; id: string; box: Box; transient?: boolean }
  /** Changes one layer's properties. */
  | { type: 'update'; id: string; patch: Partial<Layer>; transient?: boolean }
  | { type: 'undo' }
  | { type: 'redo' }

/** How many undo steps are kept. */
export const HISTORY_LIMIT = 100

export function initialState(document: Template, sizeId = document.sizes[0]?.id ?? ''): DesignerState {
  return { document, sizeId, selection: [], past: [], future: [] }
}

/** A new document as one undo step (or, `transient`, as part of the step a `begin` opened). */
function change(state: DesignerState, next: Template, transient: boolean | undefined): DesignerState {
  if (next === state.document) return state
  if (transient) return { ...state, document: next }
  return { ...state, document: next, past: [...state.past, state.document].slice(-HISTORY_LIMIT), future: [] }
}

const mapLayers = (t: Template, f: (l: Layer) => Layer): Template => {
  let changed = false
  const layers = t.layers.map((l) => {
    const n = f(l)
    if (n !== l) changed = true
    return n
  })
  return changed ? { ...t, layers } : t
}

export function designerReducer(state: DesignerState, action: DesignerAction): DesignerState {
  const t = state.document
  switch (action.type) {
    case 'select': {
      const known = action.ids.filter((id) => t.layers.some((l) => l.id === id))
      if (!action.toggle) return { ...state, selection: known }
      const selection = [...state.selection]
      for (const id of known) {
        const at = selection.indexOf(id)
        if (at >= 0) selection.splice(at, 1)
        else selection.push(id)
      }
      return { ...state, selection }
    }
    case 'showSize':
      return t.sizes.some((s) => s.id === action.sizeId) ? { ...state, sizeId: action.sizeId } : state
    case 'begin':
      return { ...state, past: [...state.past, t].slice(-HISTORY_LIMIT), future: [] }
    case 'move': {
      if (action.dx === 0 && action.dy === 0) return state
      const next = mapLayers(t, (l) => {
        if (!state.selection.includes(l.id)) return l
        const b = boxIn(t, l, state.sizeId)
        return withBox(t, l, state.sizeId, { ...b, x: b.x + action.dx, y: b.y + action.dy })
      })
      return change(state, next, action.transient)
    }
    case 'setBox':
      return change(
        state,
        mapLayers(t, (l) => (l.id === action.id ? withBox(t, l, state.sizeId, action.box) : l)),
        action.transient,
      )
    case 'update':
      return change(
        state,
        mapLayers(t, (l) => (l.id === action.id ? ({ ...l, ...action.patch } as Layer) : l)),
        action.transient,
      )
    case 'undo': {
      const previous = state.past.at(-1)
      if (!previous) return state
      return { ...state, document: previous, past: state.past.slice(0, -1), future: [t, ...state.future] }
    }
    case 'redo': {
      const [next, ...rest] = state.future
      if (!next) return state
      return { ...state, document: next, past: [...state.past, t], future: rest }
    }
  }
}
