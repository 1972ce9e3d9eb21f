import type { Layer } from '@templet/template'
import { Button } from '@templet/ui/button'
import { ArrowDown, ArrowUp, Eye, EyeOff, Lock, LockOpen, Pencil } from 'lucide-react'
import { type Dispatch, type KeyboardEvent, useState } from 'react'
import type { DesignerAction, DesignerState } from '../state/designer-state'
import type { DesignerWords } from '../strings'
import { inputStyle } from './controls'

export interface LayersPanelProps {
  state: DesignerState
  dispatch: Dispatch<DesignerAction>
  strings: DesignerWords
  readOnly?: boolean
}

/** What the panel and the canvas call a layer. */
export const layerName = (l: Layer) => l.name ?? l.id

/**
 * The layers, topmost first: select (Shift-click or Shift+Enter adds), rename (the pencil, F2, or a double
 * click; Enter keeps, Escape drops), lock, hide, and move up or down (the arrows, or Alt+ArrowUp/Down on a
 * layer).
 */
export function LayersPanel({ state, dispatch, strings, readOnly }: LayersPanelProps) {
  const [renaming, setRenaming] = useState<string | undefined>(undefined)
  const layers = [...state.document.layers].reverse()
  const last = state.document.layers.length - 1

  const onRowKeyDown = (l: Layer) => (e: KeyboardEvent<HTMLButtonElement>) => {
    // Shift+Enter or Shift+Space adds the layer to the selection, as Shift-click does.
    if (e.shiftKey && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault()
      dispatch({ type: 'select', ids: [l.id], toggle: true })
      return
    }
    if (readOnly) return
    if (e.key === 'F2') {
      e.preventDefault()
      setRenaming(l.id)
    } else if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      e.preventDefault()
      dispatch({ type: 'reorder', id: l.id, to: e.key === 'ArrowUp' ? 'up' : 'down' })
    }
  }

  return (
    <nav
      aria-label={strings.layers}
      data-slot="layers-panel"
      style={{ display: 'grid', gap: 4, alignContent: 'start' }}
    >
      <h2 style={{ margin: 0, fontSize: 13, fontWeight: 600 }}>{strings.layers}</h2>
      <ol style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 2 }}>
        {layers.map((l) => {
          const selected = state.selection.includes(l.id)
          const index = state.document.layers.indexOf(l)
          const name = layerName(l)
          return (
            <li
              key={l.id}
              data-layer-row={l.id}
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 2,
                borderRadius: 6,
                background: selected ? 'var(--ui-accent, #f4f4f5)' : undefined,
                opacity: l.hidden ? 0.6 : 1,
              }}
            >
              {renaming === l.id ? (
                <input
                  aria-label={`${strings.rename}: ${name}`}
                  defaultValue={name}
                  // biome-ignore lint/a11y/noAutofocus: the rename field opens on the user's request
                  autoFocus
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') e.currentTarget.blur()
                    else if (e.key === 'Escape') {
                      e.stopPropagation()
                      setRenaming(undefined)
                    }
                  }}
                  onBlur={(e) => {
                    const v = e.currentTarget.value.trim().slice(0, 80)
                    if (renaming === l.id && v && v !== name)
                      dispatch({ type: 'update', id: l.id, patch: { name: v === l.id ? undefined : v } })
                    setRenaming(undefined)
                  }}
                  style={{ ...inputStyle, flex: 1 }}
                />
              ) : (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-pressed={selected}
                  data-layer-select={l.id}
                  onClick={(e) => dispatch({ type: 'select', ids: [l.id], toggle: e.shiftKey })}
                  onDoubleClick={() => !readOnly && setRenaming(l.id)}
                  onKeyDown={onRowKeyDown(l)}
                  style={{
                    flex: 1,
                    justifyContent: 'flex-start',
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                  }}
                >
                  {name}
                </Button>
              )}
              {readOnly ? null : (
                <>
                  <IconToggle label={`${strings.rename}: ${name}`} onClick={() => setRenaming(l.id)}>
                    <Pencil />
                  </IconToggle>
                  <IconToggle
                    label={`${strings.lock}: ${name}`}
                    pressed={Boolean(l.locked)}
                    onClick={() =>
                      dispatch({ type: 'update', id: l.id, patch: { locked: l.locked ? undefined : true } })
                    }
                  >
                    {l.locked ? <Lock /> : <LockOpen />}
                  </IconToggle>
                  <IconToggle
                    label={`${strings.hide}: ${name}`}
                    pressed={Boolean(l.hidden)}
                    onClick={() =>
                      dispatch({ type: 'update', id: l.id, patch: { hidden: l.hidden ? undefined : true } })
                    }
                  >
                    {l.hidden ? <EyeOff /> : <Eye />}
                  </IconToggle>
                  <IconToggle
                    label={`${strings.moveUp}: ${name}`}
                    disabled={index === last}
                    onClick={() => dispatch({ type: 'reorder', id: l.id, to: 'up' })}
                  >
                    <ArrowUp />
                  </IconToggle>
                  <IconToggle
                    label={`${strings.moveDown}: ${name}`}
                    disabled={index === 0}
                    onClick={() => dispatch({ type: 'reorder', id: l.id, to: 'down' })}
                  >
                    <ArrowDown />
                  </IconToggle>
                </>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}

/** A small icon button, named for screen readers; `pressed` makes it a toggle. */
export function IconToggle({
  label,
  pressed,
  disabled,
  onClick,
  children,
}: {
  label: string
  pressed?: boolean
  disabled?: boolean
  onClick: () => void
  children: React.ReactNode
}) {
  return (
    <Button
      variant={pressed ? 'secondary' : 'ghost'}
      size="icon-sm"
      style={{ width: 28, height: 28 }}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </Button>
  )
}
