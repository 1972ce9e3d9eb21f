import type { Layer } from '@templet/template'
import { Button } from '@templet/ui/button'
import {
  ArrowDown,
  ArrowUp,
  ChevronDown,
  ChevronRight,
  Eye,
  EyeOff,
  GripVertical,
  Lock,
  LockOpen,
  Pencil,
  Ungroup,
} from 'lucide-react'
import { type Dispatch, Fragment, type KeyboardEvent, memo, type PointerEvent, useRef, useState } from 'react'
import type { DesignerAction, DesignerState } from '../state/designer-state'
import { type LayerGroup, membersOf, type ReorderTo, reorderLayers } from '../state/groups'
import type { DesignerWords } from '../strings'
import { inputStyle, VISUALLY_HIDDEN } from './controls'

export interface LayersPanelProps {
  state: DesignerState
  dispatch: Dispatch<DesignerAction>
  strings: DesignerWords
  readOnly?: boolean
}

/** The line that shows where a dragged layer lands. */
const DROP_LINE = '#2563eb'

/** What the panel and the canvas call a layer. */
export const layerName = (l: Layer) => l.name ?? l.id

/**
 * The layers, topmost first: select (Shift-click or Shift+Enter adds), rename (the pencil, F2, or a double
 * click; Enter keeps, Escape drops), lock, hide, and move up or down (the arrows, Alt+ArrowUp/Down on a layer,
 * or a drag by the grip to any place in the list). Each move is one undo step and is announced. A group (ADR
 * 0196) is a row of its own above its layers, indented beneath it (fold it to hide them): its row selects,
 * renames, locks, hides, ungroups and moves the whole group; a member's row selects that layer alone.
 */
export const LayersPanel = memo(LayersList, sameRows)

/**
 * Whether the panel would show the same rows: what its rows read of each layer (its id, name, group, lock and
 * visibility), the groups, the selection and the props. A drag or a resize changes only boxes, so the panel's
 * 100 rows are not rendered again at each pointer move.
 */
function sameRows(a: LayersPanelProps, b: LayersPanelProps): boolean {
  if (a.dispatch !== b.dispatch || a.strings !== b.strings || a.readOnly !== b.readOnly) return false
  if (a.state.selection !== b.state.selection || a.state.document.groups !== b.state.document.groups)
    return false
  const [x, y] = [a.state.document.layers, b.state.document.layers]
  if (x === y) return true
  return (
    x.length === y.length &&
    x.every((l, i) => {
      const m = y[i]
      return (
        l === m ||
        (m !== undefined &&
          l.id === m.id &&
          l.name === m.name &&
          l.group === m.group &&
          l.locked === m.locked &&
          l.hidden === m.hidden)
      )
    })
  )
}

function LayersList({ state, dispatch, strings, readOnly }: LayersPanelProps) {
  const [renaming, setRenaming] = useState<string | undefined>(undefined)
  /** The group whose name is being edited. */
  const [renamingGroup, setRenamingGroup] = useState<string | undefined>(undefined)
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set())
  const [announcement, setAnnouncement] = useState('')
  /** A drag by a row's grip: the layer, and the slot of the list it would drop into (0 = above the first row). */
  const [dragging, setDragging] = useState<{ id: string; slot: number } | undefined>(undefined)
  const listRef = useRef<HTMLOListElement>(null)
  const layers = [...state.document.layers].reverse()
  const last = state.document.layers.length - 1

  const t = state.document
  /** Whether a layer or a group (`id`) can move that way (a group's member only among its members). */
  const canMove = (id: string, to: ReorderTo) => reorderLayers(t, id, to) !== t.layers
  /** Moves a layer or a group and says where it went (its topmost layer's place in this list, topmost first). */
  const reorder = (id: string, name: string, to: ReorderTo) => {
    const next = reorderLayers(t, id, to)
    if (next === t.layers) return
    dispatch({ type: 'reorder', id, to })
    const isLayer = t.layers.some((l) => l.id === id)
    const index = next.findLastIndex((l) => (isLayer ? l.id === id : l.group === id))
    setAnnouncement(
      strings.layerMoved
        .replace('{name}', name)
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
    if (last - row !== t.layers.indexOf(l)) reorder(l.id, layerName(l), last - row)
  }

  const onRowKeyDown = (l: Layer) => (e: KeyboardEvent<HTMLButtonElement>) => {
    // Shift+Enter or Shift+Space adds the layer to the selection, as Shift-click does.
    if (e.shiftKey && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault()
      dispatch({ type: 'select', ids: [l.id], toggle: true, within: l.group !== undefined })
      return
    }
    if (readOnly) return
    if (e.key === 'F2') {
      e.preventDefault()
      setRenaming(l.id)
    } else if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      e.preventDefault()
      reorder(l.id, layerName(l), e.key === 'ArrowUp' ? 'up' : 'down')
    }
  }
  const onGroupKeyDown = (g: LayerGroup) => (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.shiftKey && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault()
      dispatch({ type: 'select', ids: membersOf(t, g.id), toggle: true })
      return
    }
    if (readOnly) return
    if (e.key === 'F2') {
      e.preventDefault()
      setRenamingGroup(g.id)
    } else if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      e.preventDefault()
      reorder(g.id, g.name, e.key === 'ArrowUp' ? 'up' : 'down')
    }
  }

  /** A group's row: fold, select, rename, lock, hide, ungroup, move the whole group. */
  const groupRow = (g: LayerGroup) => {
    const members = t.layers.filter((l) => l.group === g.id)
    const selected = members.every((m) => state.selection.includes(m.id))
    const locked = members.every((m) => m.locked)
    const hidden = members.every((m) => m.hidden)
    const open = !folded.has(g.id)
    return (
      <li
        key={`group:${g.id}`}
        data-group-row={g.id}
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          borderRadius: 6,
          background: selected ? 'var(--ui-accent, #f4f4f5)' : undefined,
          opacity: hidden ? 0.6 : 1,
        }}
      >
        <IconToggle
          label={(open ? strings.foldGroup : strings.unfoldGroup).replace('{name}', g.name)}
          expanded={open}
          onClick={() =>
            setFolded((f) => {
              const next = new Set(f)
              if (open) next.add(g.id)
              else next.delete(g.id)
              return next
            })
          }
        >
          {open ? <ChevronDown /> : <ChevronRight />}
        </IconToggle>
        {renamingGroup === g.id ? (
          <input
            aria-label={`${strings.rename}: ${g.name}`}
            defaultValue={g.name}
            // biome-ignore lint/a11y/noAutofocus: the rename field opens on the user's request
            autoFocus
            onKeyDown={(e) => {
              if (e.key === 'Enter') e.currentTarget.blur()
              else if (e.key === 'Escape') {
                e.stopPropagation()
                setRenamingGroup(undefined)
              }
            }}
            onBlur={(e) => {
              if (renamingGroup === g.id)
                dispatch({ type: 'renameGroup', id: g.id, name: e.currentTarget.value })
              setRenamingGroup(undefined)
            }}
            style={{ ...inputStyle, flex: 1 }}
          />
        ) : (
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={selected}
            aria-label={strings.groupRow.replace('{name}', g.name).replace('{count}', String(members.length))}
            data-group-select={g.id}
            onClick={(e) => dispatch({ type: 'select', ids: members.map((m) => m.id), toggle: e.shiftKey })}
            onDoubleClick={() => !readOnly && setRenamingGroup(g.id)}
            onKeyDown={onGroupKeyDown(g)}
            style={{
              flex: 1,
              justifyContent: 'flex-start',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              fontWeight: 600,
            }}
          >
            {g.name}
          </Button>
        )}
        {readOnly ? null : (
          <>
            <IconToggle label={`${strings.rename}: ${g.name}`} onClick={() => setRenamingGroup(g.id)}>
              <Pencil />
            </IconToggle>
            <IconToggle
              label={`${strings.lock}: ${g.name}`}
              pressed={locked}
              onClick={() =>
                dispatch({ type: 'updateGroup', id: g.id, patch: { locked: locked ? undefined : true } })
              }
            >
              {locked ? <Lock /> : <LockOpen />}
            </IconToggle>
            <IconToggle
              label={`${strings.hide}: ${g.name}`}
              pressed={hidden}
              onClick={() =>
                dispatch({ type: 'updateGroup', id: g.id, patch: { hidden: hidden ? undefined : true } })
              }
            >
              {hidden ? <EyeOff /> : <Eye />}
            </IconToggle>
            <IconToggle
              label={`${strings.ungroup}: ${g.name}`}
              onClick={() => {
                dispatch({ type: 'select', ids: members.map((m) => m.id) })
                dispatch({ type: 'ungroup' })
              }}
            >
              <Ungroup />
            </IconToggle>
            <IconToggle
              label={`${strings.moveUp}: ${g.name}`}
              disabled={!canMove(g.id, 'up')}
              onClick={() => reorder(g.id, g.name, 'up')}
            >
              <ArrowUp />
            </IconToggle>
            <IconToggle
              label={`${strings.moveDown}: ${g.name}`}
              disabled={!canMove(g.id, 'down')}
              onClick={() => reorder(g.id, g.name, 'down')}
            >
              <ArrowDown />
            </IconToggle>
          </>
        )}
      </li>
    )
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
          const name = layerName(l)
          const group = l.group === undefined ? undefined : t.groups?.find((g) => g.id === l.group)
          // A group's row comes above its topmost layer.
          const head = group && layers[row - 1]?.group !== group.id ? groupRow(group) : null
          if (group && folded.has(group.id)) return <Fragment key={l.id}>{head}</Fragment>
          return (
            <Fragment key={l.id}>
              {head}
              <li
                data-layer-row={l.id}
                data-group={group?.id}
                data-dragging={dragging?.id === l.id ? 'true' : undefined}
                style={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 2,
                  borderRadius: 6,
                  // A group's layers indented beneath its row.
                  marginInlineStart: group ? 20 : 0,
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
                    onClick={(e) =>
                      dispatch({
                        type: 'select',
                        ids: [l.id],
                        toggle: e.shiftKey,
                        within: group !== undefined,
                      })
                    }
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
                      disabled={!canMove(l.id, 'up')}
                      onClick={() => reorder(l.id, name, 'up')}
                    >
                      <ArrowUp />
                    </IconToggle>
                    <IconToggle
                      label={`${strings.moveDown}: ${name}`}
                      disabled={!canMove(l.id, 'down')}
                      onClick={() => reorder(l.id, name, 'down')}
                    >
                      <ArrowDown />
                    </IconToggle>
                  </>
                )}
              </li>
            </Fragment>
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
  expanded,
  disabled,
  onClick,
  children,
}: {
  label: string
  pressed?: boolean
  /** A fold button: whether what it folds is shown. */
  expanded?: boolean
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
      aria-expanded={expanded}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </Button>
  )
}
