import type { Size } from '@templet/template'
import { type CSSProperties, type KeyboardEvent, useId, useRef, useState } from 'react'
import { type GuideAxis, guidesOf } from '../state/guides'
import type { GuideDraft, GuideDrag } from './guide-drag'
import { formatAt, type RulerUnit } from './ruler-ticks'
import { VIEWPORT_PAD } from './viewport'

const GUIDE = '#e5484d'
/** The moving guide's place is written white on this: 4.5:1 or more. */
const GUIDE_TAG = '#b42318'
/** The width a guide can be taken by, in CSS px, about its 1 px line. */
const GRAB_PX = 9

export interface GuideLinesProps {
  size: Size
  zoom: number
  unit: RulerUnit
  drag: GuideDrag
  readOnly?: boolean
  /** A new list of one axis' guides (a move or a removal by keyboard), with its undo step's `coalesce` key. */
  onChange: (axis: GuideAxis, guides: number[], coalesce?: string) => void
  /** A guide removed by keyboard: the focus goes back to the designer. */
  onRemoved: () => void
  labels: { horizontal: string; vertical: string; keys: string }
}

/**
 * The size's guides over the design, beyond the page into the room around it: each a slider a drag or the arrow
 * keys move (Shift: 10 px) and Delete removes, so the keyboard reaches every guide the pointer does.
 */
export function GuideLines({
  size,
  zoom,
  unit,
  drag,
  readOnly,
  onChange,
  onRemoved,
  labels,
}: GuideLinesProps) {
  const hint = useId()
  /** A new key each time a guide gains focus: its key presses are one undo step. */
  const visit = useRef('')
  /** The guide with the keyboard's focus, drawn thicker (inline styles have no `:focus`). */
  const [focused, setFocused] = useState<string>()
  const all = guidesOf(size)
  const { draft } = drag

  const line = (axis: GuideAxis, at: number): CSSProperties => {
    const along = axis === 'x' ? size.height : size.width
    const pos = at * zoom - GRAB_PX / 2
    const common: CSSProperties = {
      position: 'absolute',
      display: 'flex',
      justifyContent: 'center',
      alignItems: 'center',
      pointerEvents: readOnly ? 'none' : 'auto',
      touchAction: 'none',
      outline: 'none',
    }
    return axis === 'x'
      ? {
          ...common,
          left: pos,
          width: GRAB_PX,
          top: -VIEWPORT_PAD,
          height: along * zoom + 2 * VIEWPORT_PAD,
          cursor: 'col-resize',
        }
      : {
          ...common,
          top: pos,
          height: GRAB_PX,
          left: -VIEWPORT_PAD,
          width: along * zoom + 2 * VIEWPORT_PAD,
          cursor: 'row-resize',
        }
  }

  const onKeyDown = (axis: GuideAxis, index: number) => (e: KeyboardEvent<HTMLElement>) => {
    const list = all[axis]
    const at = list[index]
    if (at === undefined || readOnly) return
    const step = e.shiftKey ? 10 : 1
    const keys: Record<string, number> =
      axis === 'x' ? { ArrowLeft: -step, ArrowRight: step } : { ArrowUp: -step, ArrowDown: step }
    const by = keys[e.key]
    if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault()
      e.stopPropagation()
      onChange(
        axis,
        list.filter((_, i) => i !== index),
      )
      onRemoved()
    } else if (by !== undefined) {
      e.preventDefault()
      e.stopPropagation()
      onChange(
        axis,
        list.map((v, i) => (i === index ? v + by : v)),
        visit.current,
      )
    }
  }

  const shown = (axis: GuideAxis) => all[axis].map((at, index) => ({ at, index }))
  const isDraft = (d: GuideDraft | undefined, axis: GuideAxis, index?: number) =>
    d !== undefined && d.axis === axis && d.index === index

  return (
    <>
      <span id={hint} hidden>
        {labels.keys}
      </span>
      {(['x', 'y'] as const).flatMap((axis) =>
        shown(axis).map(({ at: saved, index }) => {
          const at = isDraft(draft, axis, index) ? (draft?.at ?? saved) : saved
          const side = axis === 'x' ? size.width : size.height
          if (readOnly)
            return (
              <div
                key={`${axis}${index}`}
                aria-hidden="true"
                data-guide-line={axis}
                data-index={index}
                style={line(axis, at)}
              >
                <GuideMark axis={axis} />
              </div>
            )
          return (
            <div
              key={`${axis}${index}`}
              role="slider"
              tabIndex={0}
              aria-label={axis === 'x' ? labels.vertical : labels.horizontal}
              aria-orientation={axis === 'x' ? 'horizontal' : 'vertical'}
              aria-valuemin={0}
              aria-valuemax={side}
              aria-valuenow={at}
              aria-valuetext={formatAt(at, unit)}
              aria-describedby={hint}
              data-guide-line={axis}
              data-index={index}
              onFocus={() => {
                visit.current = `guide-${axis}-${index}-${Date.now()}`
                setFocused(`${axis}${index}`)
              }}
              onBlur={() => setFocused(undefined)}
              onKeyDown={onKeyDown(axis, index)}
              {...drag.handlers(axis, index)}
              style={line(axis, at)}
            >
              <GuideMark axis={axis} thick={focused === `${axis}${index}`} />
              {isDraft(draft, axis, index) ? <Position axis={axis} text={formatAt(at, unit)} /> : null}
            </div>
          )
        }),
      )}
      {draft && draft.index === undefined ? (
        <div
          aria-hidden="true"
          data-guide-draft={draft.axis}
          style={{ ...line(draft.axis, draft.at), pointerEvents: 'none' }}
        >
          <GuideMark axis={draft.axis} />
          <Position axis={draft.axis} text={formatAt(draft.at, unit)} />
        </div>
      ) : null}
    </>
  )
}

/** The 1 px line drawn in the middle of a guide's grab area; 3 px with a halo while it has the focus. */
function GuideMark({ axis, thick }: { axis: GuideAxis; thick?: boolean }) {
  const px = thick ? 3 : 1
  return (
    <span
      data-slot="guide-mark"
      style={{
        display: 'block',
        background: GUIDE,
        boxShadow: thick ? `0 0 0 2px rgba(229, 72, 77, 0.35)` : undefined,
        ...(axis === 'x' ? { width: px, height: '100%' } : { height: px, width: '100%' }),
      }}
    />
  )
}

/** Where a moving guide is, written beside it. */
function Position({ axis, text }: { axis: GuideAxis; text: string }) {
  return (
    <span
      style={{
        position: 'absolute',
        ...(axis === 'x'
          ? { top: VIEWPORT_PAD + 4, left: GRAB_PX }
          : { left: VIEWPORT_PAD + 4, top: GRAB_PX }),
        padding: '1px 4px',
        borderRadius: 4,
        background: GUIDE_TAG,
        color: '#ffffff',
        font: '11px/1.4 system-ui, sans-serif',
        whiteSpace: 'nowrap',
        pointerEvents: 'none',
      }}
    >
      {text}
    </span>
  )
}
