import type { Template } from '@templet/template'
import { type DesignerAction, type DesignerState, designerReducer, initialState } from './designer-state'

/**
 * When a change came: `gesture` for a step in the middle of a drag, a resize or a rotation (the `begin` and the
 * `transient` changes the canvas sends while the pointer moves); `end` for the step that closes a gesture and
 * for a change made at once (a nudge, a panel's edit, an undo, the host's document).
 */
export type DesignerPhase = 'gesture' | 'end'

/** What a store's listeners are told of each change. */
export interface DesignerChange {
  phase: DesignerPhase
  /**
   * At `end`: the document is another than at the previous `end` (what a host saves or keeps as a draft). At
   * `gesture`: this step changed it.
   */
  documentChanged: boolean
  /** `user`: made in the designer; `host`: the host's `load`, `replace` or `fontsChanged`. */
  source: 'user' | 'host'
}

export type DesignerListener = (change: DesignerChange) => void

/**
 * The designer's state held outside React, so a host keeps it across renders and drives it: another template
 * (`load`), the saved version back (`replace`), fonts that came in (`fontsChanged`). Every change goes through
 * `designerReducer`; the designer reads the state with `useSyncExternalStore`.
 */
export interface DesignerStore {
  getState(): DesignerState
  getDocument(): Template
  /** Grows each time `fontsChanged` is called: what is drawn is drawn again. */
  getFontsEpoch(): number
  /** The person's edits (what the canvas, the panels and the shortcuts send). */
  dispatch(action: DesignerAction): void
  /** Another document (another template): a new history, nothing selected. */
  load(document: Template): void
  /**
   * This document in place of the one shown, as no undo step (the version a save stored, as the server wrote
   * it): the selection keeps the layers it still has; `keepHistory` keeps the undo and redo steps.
   */
  replace(document: Template, options?: { keepHistory?: boolean }): void
  /** Fonts were loaded (a language's faces): the canvas and the previews draw again, nothing else changes. */
  fontsChanged(): void
  /** Told of every change with its phase; returns the unsubscribe. */
  subscribe(listener: DesignerListener): () => void
}

/** A drag's `begin` and its `transient` steps are the middle of a gesture; anything else ends one or stands alone. */
const phaseOf = (action: DesignerAction): DesignerPhase =>
  action.type === 'begin' || ('transient' in action && action.transient) ? 'gesture' : 'end'

export function createDesignerStore(document: Template): DesignerStore {
  let state = initialState(document)
  /** The document as of the last `end`: a gesture's end compares with it, not with its own last step. */
  let committed = document
  let fontsEpoch = 0
  const listeners = new Set<DesignerListener>()

  const tell = (change: DesignerChange) => {
    for (const listener of [...listeners]) listener(change)
  }
  const apply = (next: DesignerState, phase: DesignerPhase, source: DesignerChange['source']) => {
    const before = state
    state = next
    const documentChanged = phase === 'end' ? next.document !== committed : next.document !== before.document
    if (phase === 'end') committed = next.document
    if (next !== before || documentChanged) tell({ phase, documentChanged, source })
  }

  return {
    getState: () => state,
    getDocument: () => state.document,
    getFontsEpoch: () => fontsEpoch,
    dispatch: (action) => apply(designerReducer(state, action), phaseOf(action), 'user'),
    load: (d) => apply(designerReducer(state, { type: 'load', document: d }), 'end', 'host'),
    replace: (d, options) =>
      apply(
        designerReducer(state, { type: 'rebase', document: d, keepHistory: options?.keepHistory }),
        'end',
        'host',
      ),
    fontsChanged: () => {
      fontsEpoch += 1
      tell({ phase: 'end', documentChanged: false, source: 'host' })
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}

/**
 * Calls `onChange` with the document once per change the person made: at the end of a gesture (however many
 * pointer moves it had) and at each change made at once; never for the host's own `load` or `replace`.
 */
export function onDocumentChange(store: DesignerStore, onChange: (document: Template) => void): () => void {
  return store.subscribe((change) => {
    if (change.phase === 'end' && change.documentChanged && change.source === 'user')
      onChange(store.getDocument())
  })
}
