import type { Box, Locale } from '@templet/template'
import { type Dispatch, type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react'
import { boxIn, sizeOf, unionBox } from '../state/boxes'
import type { DesignerAction, DesignerState } from '../state/designer-state'
import { type Guide, snapBox, snapTargets } from '../state/snap'
import { paintDocument } from './paint-document'

/** Snapping reaches this many screen pixels, whatever the zoom. */
const SNAP_SCREEN_PX = 6

export interface DesignerCanvasProps {
  state: DesignerState
  dispatch: Dispatch<DesignerAction>
  locale: Locale
  /** CSS px per template px. */
  zoom: number
  /** Nothing can be moved (a phone, a catalogue template). */
  readOnly?: boolean
  /** The accessible name of the canvas region. */
  label: string
  /** A layer's accessible name (its id by default). */
  layerLabel?: (id: string) => string
}

interface Drag {
  pointerId: number
  startX: number
  startY: number
  /** The selection's union box when the drag began. */
  start: Box
  /** Other layers' boxes, the snap targets. */
  others: Box[]
  /** What has been applied so far, in template px. */
  applied: { x: number; y: number }
}

/**
 * The design surface: the document drawn by the model on a `<canvas>`, and over it one focusable element per
 * layer that selects it (click, Shift-click), drags it (snapping to the canvas's and other layers' edges and
 * centres, with guides; Alt disables) and nudges it (arrows 1 px, Shift+arrows 10 px).
 */
export function DesignerCanvas({
  state,
  dispatch,
  locale,
  zoom,
  readOnly,
  label,
  layerLabel,
}: DesignerCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const drag = useRef<Drag | undefined>(undefined)
  const [guides, setGuides] = useState<Guide[]>([])
  const t = state.document
  const size = sizeOf(t, state.sizeId)

  useEffect(() => {
    const canvas = canvasRef.current
    if (canvas) paintDocument(canvas, t, { sizeId: size.id, locale, scale: zoom })
  }, [t, size.id, locale, zoom])

  const onPointerDown = (id: string) => (e: PointerEvent<HTMLElement>) => {
    if (e.button !== 0) return
    const selected = state.selection.includes(id)
    if (e.shiftKey) dispatch({ type: 'select', ids: [id], toggle: true })
    else if (!selected) dispatch({ type: 'select', ids: [id] })
    if (readOnly || e.shiftKey) return
    const moving = selected ? state.selection : [id]
    const boxes = t.layers.filter((l) => moving.includes(l.id)).map((l) => boxIn(t, l, size.id))
    const start = unionBox(boxes)
    if (!start) return
    e.currentTarget.setPointerCapture(e.pointerId)
    drag.current = {
      pointerId: e.pointerId,
      startX: e.clientX,
      startY: e.clientY,
      start,
      others: t.layers
        .filter((l) => !moving.includes(l.id) && (l.box || l.bySize?.[size.id]?.box))
        .map((l) => boxIn(t, l, size.id)),
      applied: { x: 0, y: 0 },
    }
    dispatch({ type: 'begin' })
  }

  const onPointerMove = (e: PointerEvent<HTMLElement>) => {
    const d = drag.current
    if (!d || d.pointerId !== e.pointerId) return
    const moved = {
      ...d.start,
      x: d.start.x + (e.clientX - d.startX) / zoom,
      y: d.start.y + (e.clientY - d.startY) / zoom,
    }
    const snapped = e.altKey
      ? { box: moved, guides: [] }
      : snapBox(moved, snapTargets(size, d.others), SNAP_SCREEN_PX / zoom)
    const dx = snapped.box.x - d.start.x - d.applied.x
    const dy = snapped.box.y - d.start.y - d.applied.y
    d.applied = { x: d.applied.x + dx, y: d.applied.y + dy }
    setGuides(snapped.guides)
    if (dx !== 0 || dy !== 0) dispatch({ type: 'move', dx, dy, transient: true })
  }

  const onPointerUp = (e: PointerEvent<HTMLElement>) => {
    if (drag.current?.pointerId !== e.pointerId) return
    // A click without a move leaves no undo step behind.
    if (drag.current.applied.x === 0 && drag.current.applied.y === 0) dispatch({ type: 'undo' })
    drag.current = undefined
    setGuides([])
  }

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const step = e.shiftKey ? 10 : 1
    const arrows: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    }
    const arrow = arrows[e.key]
    if (arrow && !readOnly && state.selection.length > 0) {
      e.preventDefault()
      dispatch({ type: 'move', dx: arrow[0], dy: arrow[1] })
    } else if (e.key === 'Escape') dispatch({ type: 'select', ids: [] })
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled region around the canvas and its layers
    <div
      role="group"
      aria-label={label}
      onKeyDown={onKeyDown}
      data-slot="designer-canvas"
      style={{
        position: 'relative',
        width: size.width * zoom,
        height: size.height * zoom,
        touchAction: 'none',
      }}
    >
      {/* The picture; the layers' buttons over it are what a screen reader and a keyboard reach. */}
      <div aria-hidden="true" style={{ position: 'absolute', inset: 0 }}>
        <canvas ref={canvasRef} style={{ width: '100%', height: '100%', display: 'block' }} />
      </div>
      {t.layers.map((layer) => {
        const b = boxIn(t, layer, size.id)
        const selected = state.selection.includes(layer.id)
        return (
          <button
            key={layer.id}
            type="button"
            aria-label={layerLabel ? layerLabel(layer.id) : layer.id}
            aria-pressed={selected}
            data-layer={layer.id}
            data-state={selected ? 'selected' : 'idle'}
            onPointerDown={onPointerDown(layer.id)}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
            onFocus={() => {
              if (!selected && drag.current === undefined) dispatch({ type: 'select', ids: [layer.id] })
            }}
            style={{
              position: 'absolute',
              left: b.x * zoom,
              top: b.y * zoom,
              width: b.w * zoom,
              height: b.h * zoom,
              padding: 0,
              background: 'transparent',
              border: 0,
              outline: selected ? '2px solid #2563eb' : undefined,
              outlineOffset: 0,
              cursor: readOnly ? 'default' : 'move',
            }}
          />
        )
      })}
      {guides.map((g) => (
        <div
          key={`${g.axis}${g.at}`}
          data-guide={g.axis}
          aria-hidden="true"
          style={{
            position: 'absolute',
            pointerEvents: 'none',
            background: '#db2777',
            ...(g.axis === 'x'
              ? { left: g.at * zoom, top: 0, width: 1, height: '100%' }
              : { top: g.at * zoom, left: 0, height: 1, width: '100%' }),
          }}
        />
      ))}
    </div>
  )
}
