import { type PointerEvent, type RefObject, useRef, useState } from 'react'
import type { GuideAxis } from '../state/guides'

/** A guide on the move: a new one dragged from a ruler, or the guide at `index` of its axis. */
export interface GuideDraft {
  axis: GuideAxis
  at: number
  index?: number
}

export interface GuideDrag {
  draft: GuideDraft | undefined
  /** The pointer handlers of what starts a drag: a ruler (a new guide) or a guide (`index`). */
  handlers: (
    axis: GuideAxis,
    index?: number,
  ) => {
    onPointerDown: (e: PointerEvent<HTMLElement>) => void
    onPointerMove: (e: PointerEvent<HTMLElement>) => void
    onPointerUp: (e: PointerEvent<HTMLElement>) => void
    onPointerCancel: (e: PointerEvent<HTMLElement>) => void
  }
}

/**
 * Dragging guides: from a ruler onto the page adds one, a guide's drag moves it, and a drop back onto the ruler
 * (above the viewport for a horizontal guide, before it for a vertical one) removes it or adds none. The guide
 * follows the pointer in whole design px; what it ends as is one change (`onDrop`), so one undo step.
 */
export function useGuideDrag({
  zoom,
  viewportRef,
  onDrop,
}: {
  zoom: number
  viewportRef: RefObject<HTMLDivElement | null>
  /** Where the guide was let go: a place on the page, or `undefined` on the ruler. */
  onDrop: (axis: GuideAxis, index: number | undefined, at: number | undefined) => void
}): GuideDrag {
  const [draft, setDraft] = useState<GuideDraft>()
  const drag = useRef<{ pointerId: number; axis: GuideAxis; index?: number } | undefined>(undefined)

  const place = (e: PointerEvent<HTMLElement>, axis: GuideAxis) => {
    const surface = viewportRef.current?.querySelector('[data-slot="designer-canvas"]')
    const r = surface?.getBoundingClientRect()
    if (!r) return 0
    return Math.round(axis === 'x' ? (e.clientX - r.left) / zoom : (e.clientY - r.top) / zoom)
  }
  /** Whether the pointer is back over the ruler the guide comes from: the viewport's top or start side. */
  const onRuler = (e: PointerEvent<HTMLElement>, axis: GuideAxis) => {
    const r = viewportRef.current?.getBoundingClientRect()
    if (!r) return false
    return axis === 'x' ? e.clientX < r.left : e.clientY < r.top
  }

  return {
    draft,
    handlers: (axis, index) => ({
      onPointerDown: (e) => {
        if (e.button !== 0) return
        e.stopPropagation()
        e.preventDefault()
        e.currentTarget.setPointerCapture(e.pointerId)
        drag.current = { pointerId: e.pointerId, axis, index }
        setDraft({ axis, index, at: place(e, axis) })
      },
      onPointerMove: (e) => {
        const d = drag.current
        if (d?.pointerId !== e.pointerId) return
        setDraft({ axis: d.axis, index: d.index, at: place(e, d.axis) })
      },
      onPointerUp: (e) => {
        const d = drag.current
        if (d?.pointerId !== e.pointerId) return
        drag.current = undefined
        setDraft(undefined)
        onDrop(d.axis, d.index, onRuler(e, d.axis) ? undefined : place(e, d.axis))
      },
      onPointerCancel: (e) => {
        if (drag.current?.pointerId !== e.pointerId) return
        drag.current = undefined
        setDraft(undefined)
      },
    }),
  }
}
