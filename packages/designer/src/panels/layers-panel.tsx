import type { Layer } from '@templet/template'
import { Button } from '@templet/ui/button'
import { ArrowDown, ArrowUp, Eye, EyeOff, GripVertical, Lock, LockOpen, Pencil } from 'lucide-react'
import { type Dispatch, type KeyboardEvent, type PointerEvent, useRef, useState } from 'react'
import type { DesignerAction, DesignerState } from '../state/designer-state'
import type { DesignerWords } from '../strings'
import { inputStyle } from './controls'

export interface LayersPanelProps {
  state: DesignerState
  dispatch: Dispatch<DesignerAction>
  strings: DesignerWords
  readOnly?: boolean
}

/** The line that shows where a dragged layer lands. */
const DROP_LINE = '#2563eb'

/** Read by screen readers, not shown. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const

/** What the panel and the canvas call a layer. */
export const layerName = (l: Layer) => l.name ?? l.id

/**
 * The layers, topmost first: select (Shift-click or Shift+Enter adds), rename (the pencil, F2, or a double
 * click; Enter keeps, Escape drops), lock, hide, and move up or down (the arrows, Alt+ArrowUp/Down on a layer,
 * or a drag by the grip to any place in the list). Each move is one undo step and is announced.
 */
export function LayersPanel({ state, dispatch, strings, readOnly }: LayersPanelProps) {
  const [renaming, setRenaming] = useState<string | undefined>(undefined)
  const [announcement, setAnnouncement] = useState('')
  /** A drag by a row's grip: the layer, and the slot of the list it would drop into (0 = above the first row). */
  const [dragging, setDragging] = useState<{ id: string; slot: number } | undefined>(undefined)
  const listRef = useRef<HTMLOListElement>(null)
  const layers = [...state.document.layers].reverse()
  const last = state.document.layers.length - 1

  /** Moves a layer and says where it went (its place in this list, topmost first). */
  const reorder = (l: Layer, to: 'up' | 'down' | number) => {
    const from = state.document.layers.indexOf(l)
    const index = typeof to === 'number' ? to : to === 'up' ? from + 1 : from - 1
    if (index < 0 || index > last || index === from) return
    dispatch({ type: 'reorder', id: l.id, to: index })
    setAnnouncement(
      strings.layerMoved
        .replace('{name}', layerName(l))
        .replace('{position}', String(last - index + 1))
        .replace('{count}', String(last + 1)),
    )
  }

  /** The slot a pointer at `clientY` points at: before the row whose middle is below it. */
  const slotAt = (clientY: number) => {
    const rows = [...(listRef.current?.querySelectorAll<HTMLElement>('[data-layer-row]') ?? [])]
    const below = rows.findIndex((r) => {
      const b = r.getBoundingClientRect()
      return clientY < b.top + b.height / 2
    })
    return below < 0 ? rows.length : below
  }
  // The drag lives in a ref, as the canvas's gestures do: a move right after the press sees it before React
  // has rendered the press.
  const grip = useRef<string | undefined>(undefined)
  const onGripDown = (l: Layer) => (e: PointerEvent<HTMLElement>) => {
    if (e.button !== 0 || readOnly) return
    e.currentTarget.setPointerCapture(e.pointerId)
    grip.current = l.id
    setDragging({ id: l.id, slot: slotAt(e.clientY) })
  }
  const onGripMove = (e: PointerEvent<HTMLElement>) => {
    const id = grip.current
    if (id) setDragging({ id, slot: slotAt(e.clientY) })
  }
  const onGripUp = (l: Layer) => (e: PointerEvent<HTMLElement>) => {
    if (grip.current !== l.id) return
    grip.current = undefined
    const from = layers.indexOf(l)
    const slot = slotAt(e.clientY)
    setDragging(undefined)
    // The list is topmost first: a slot below the row's own place counts without it.
    const row = slot > from ? slot - 1 : slot
    reorder(l, last - row)
  }

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
      reorder(l, e.key === 'ArrowUp' ? 'up' : 'down')
    }
  }

  return (
    <nav
      aria-label={strings.layers}
      data-slot="layers-panel"
      style={{ display: 'grid', gap: 4, alignContent: 'start' }}
    >
      <h2 style={{ margin: 0, fontSize: 13, fontWeight: 600 }}>{strings.layers}</h2>
      {layers.length === 0 ? (
        <p style={{ margin: 0, fontSize: 13, color: 'var(--ui-muted-foreground, #71717a)' }}>
          {strings.noLayers}
        </p>
      ) : null}
      <ol ref={listRef} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 2 }}>
        {layers.map((l, row) => {
          const selected = state.selection.includes(l.id)
          const index = state.document.layers.indexOf(l)
          const name = layerName(l)
          return (
            <li
              key={l.id}
              data-layer-row={l.id}
              data-dragging={dragging?.id === l.id ? 'true' : undefined}
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 2,
                borderRadius: 6,
                background: selected ? 'var(--ui-accent, #f4f4f5)' : undefined,
                opacity: l.hidden || dragging?.id === l.id ? 0.6 : 1,
                // Where a dragged layer would land: a line above this row (or, for the last slot, below it).
                boxShadow:
                  dragging?.slot === row
                    ? `0 -2px 0 ${DROP_LINE}`
                    : dragging?.slot === layers.length && row === layers.length - 1
                      ? `0 2px 0 ${DROP_LINE}`
                      : undefined,
              }}
            >
              {readOnly ? null : (
                <span
                  aria-hidden="true"
                  title={strings.dragLayer}
                  data-layer-grip={l.id}
                  onPointerDown={onGripDown(l)}
                  onPointerMove={onGripMove}
                  onPointerUp={onGripUp(l)}
                  onPointerCancel={() => {
                    grip.current = undefined
                    setDragging(undefined)
                  }}
                  style={{
                    display: 'flex',
                    cursor: 'grab',
                    touchAction: 'none',
                    padding: '4px 0',
                    color: '#71717a',
                  }}
                >
                  <GripVertical size={14} />
                </span>
              )}
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
                    onClick={() => reorder(l, 'up')}
                  >
                    <ArrowUp />
                  </IconToggle>
                  <IconToggle
                    label={`${strings.moveDown}: ${name}`}
                    disabled={index === 0}
                    onClick={() => reorder(l, 'down')}
                  >
                    <ArrowDown />
                  </IconToggle>
                </>
              )}
            </li>
          )
        })}
      </ol>
      {readOnly ? null : (
        <p role="status" data-slot="layers-announcement" style={VISUALLY_HIDDEN}>
          {announcement}
        </p>
      )}
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
