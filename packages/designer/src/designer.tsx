import type { Locale, Template } from '@templet/template'
import { Button } from '@templet/ui/button'
import { type KeyboardEvent, useEffect, useReducer, useRef } from 'react'
import { DesignerCanvas } from './canvas/designer-canvas'
import { designerReducer, initialState } from './state/designer-state'

/** The words the designer shows; the host passes its own language's. */
export interface DesignerStrings {
  canvas: string
  undo: string
  redo: string
  layers: string
  size: string
  readOnly: string
}

export const DESIGNER_STRINGS_EN: DesignerStrings = {
  canvas: 'Design',
  undo: 'Undo',
  redo: 'Redo',
  layers: 'Layers',
  size: 'Size',
  readOnly: 'This template opens read-only here: design on a larger screen.',
}

export interface DesignerProps {
  /** The document to design; a new document (another template) starts a new history. */
  document: Template
  /** Called with every change of the document (each drag step too); the host saves or keeps a draft. */
  onChange?: (document: Template) => void
  /** The language samples and localised texts are drawn in. */
  locale?: Locale
  /** Shows the design without letting it change (a phone, a catalogue template). */
  readOnly?: boolean
  /** CSS px per template px (default: 0.5). */
  zoom?: number
  strings?: DesignerStrings
}

/**
 * The template designer: a document in, changes out. No router and no API: the host loads, saves and
 * provides the fonts (as `FontFace`s under the model's family names).
 */
export function Designer({
  document,
  onChange,
  locale = 'en',
  readOnly = false,
  zoom = 0.5,
  strings = DESIGNER_STRINGS_EN,
}: DesignerProps) {
  const [state, dispatch] = useReducer(designerReducer, document, (d) => initialState(d))
  const last = useRef(document)
  useEffect(() => {
    if (state.document !== last.current) {
      last.current = state.document
      onChange?.(state.document)
    }
  }, [state.document, onChange])

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (!(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 'z' || readOnly) return
    e.preventDefault()
    dispatch({ type: e.shiftKey ? 'redo' : 'undo' })
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the shortcuts of every control inside
    <div
      data-slot="designer"
      onKeyDown={onKeyDown}
      style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}
    >
      <nav aria-label={strings.layers} style={{ minWidth: 160 }}>
        <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {[...state.document.layers].reverse().map((layer) => (
            <li key={layer.id}>
              <Button
                variant={state.selection.includes(layer.id) ? 'secondary' : 'ghost'}
                aria-pressed={state.selection.includes(layer.id)}
                onClick={(e) => dispatch({ type: 'select', ids: [layer.id], toggle: e.shiftKey })}
              >
                {layer.id}
              </Button>
            </li>
          ))}
        </ol>
      </nav>
      <div style={{ display: 'grid', gap: 8 }}>
        {readOnly ? <p role="status">{strings.readOnly}</p> : null}
        <div role="toolbar" aria-label={strings.canvas} style={{ display: 'flex', gap: 8 }}>
          <Button
            variant="outline"
            disabled={readOnly || state.past.length === 0}
            onClick={() => dispatch({ type: 'undo' })}
          >
            {strings.undo}
          </Button>
          <Button
            variant="outline"
            disabled={readOnly || state.future.length === 0}
            onClick={() => dispatch({ type: 'redo' })}
          >
            {strings.redo}
          </Button>
          <label style={{ display: 'flex', gap: 4, alignItems: 'center' }}>
            {strings.size}
            <select
              value={state.sizeId}
              onChange={(e) => dispatch({ type: 'showSize', sizeId: e.target.value })}
            >
              {state.document.sizes.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.label[locale]} ({s.width}×{s.height})
                </option>
              ))}
            </select>
          </label>
        </div>
        <DesignerCanvas
          state={state}
          dispatch={dispatch}
          locale={locale}
          zoom={zoom}
          readOnly={readOnly}
          label={strings.canvas}
        />
      </div>
    </div>
  )
}
