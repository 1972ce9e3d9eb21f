import {
  type PointerEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'

import { RULER_PX } from './rulers'

export const MIN_ZOOM = 0.05
export const MAX_ZOOM = 8
/** The steps the zoom buttons and Ctrl/Cmd +/- go through. */
const STEPS = [0.05, 0.1, 0.15, 0.2, 0.25, 1 / 3, 0.5, 2 / 3, 0.75, 1, 1.5, 2, 3, 4, 6, 8]
/** Room around the design in the viewport, so handles at its edges stay reachable. */
export const VIEWPORT_PAD = 40

export const clampZoom = (z: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z))
/** The next zoom step in or out from `z`. */
export function stepZoom(z: number, dir: 1 | -1): number {
  // With a margin: a zoom rounded for display (0.667) is at its step (2/3), not between two.
  const next = dir > 0 ? STEPS.find((s) => s > z * 1.01) : [...STEPS].reverse().find((s) => s < z * 0.99)
  return next ?? z
}
/**
 * The zoom at which a design `w` px wide fills a viewport `vw` px wide (at most 1: no blur), rounded so the design
 * is a whole number of CSS px wide: drawn at that width, it is the server's render at that width exactly.
 */
export const fitWidthZoom = (w: number, vw: number) =>
  clampZoom(Math.min(w, Math.floor(vw - 2 * VIEWPORT_PAD)) / w)
/** The zoom at which a design of `w` × `h` fits a viewport of `vw` × `vh`. */
export const fitZoom = (w: number, h: number, vw: number, vh: number) =>
  clampZoom(Math.min((vw - 2 * VIEWPORT_PAD) / w, (vh - 2 * VIEWPORT_PAD) / h))

export interface ViewportProps {
  zoom: number
  /** Called with a new zoom and the point (viewport px) to keep still, for Ctrl/Cmd+wheel. */
  onZoom: (zoom: number, anchor?: { x: number; y: number }) => void
  /** The viewport element, for fitting. */
  viewportRef: RefObject<HTMLDivElement | null>
  label: string
  /** The rulers along its top and its start, when shown. */
  rulers?: { top: ReactNode; left: ReactNode }
  children: ReactNode
}

/**
 * The scrolling area the canvas sits in: scroll (wheel, trackpad, scrollbars) and Space+drag pan it,
 * Ctrl/Cmd+wheel zooms about the pointer.
 */
export function Viewport({ zoom, onZoom, viewportRef, label, rulers, children }: ViewportProps) {
  const [spaceHeld, setSpaceHeld] = useState(false)
  const pan = useRef<{ pointerId: number; x: number; y: number; left: number; top: number } | undefined>(
    undefined,
  )
  const anchor = useRef<{ x: number; y: number; px: number; py: number } | undefined>(undefined)
  const zoomRef = useRef(zoom)

  // Keeps the design point under the pointer still across a wheel zoom.
  useLayoutEffect(() => {
    const el = viewportRef.current
    const a = anchor.current
    if (el && a) {
      el.scrollLeft = a.px * zoom + VIEWPORT_PAD - a.x
      el.scrollTop = a.py * zoom + VIEWPORT_PAD - a.y
    }
    anchor.current = undefined
    zoomRef.current = zoom
  }, [zoom, viewportRef])

  // Not React's onWheel: a passive listener cannot keep the browser from zooming the page.
  useEffect(() => {
    const el = viewportRef.current
    if (!el) return
    const onWheel = (e: WheelEvent) => {
      if (!(e.ctrlKey || e.metaKey)) return
      e.preventDefault()
      const r = el.getBoundingClientRect()
      const x = e.clientX - r.left
      const y = e.clientY - r.top
      const z = zoomRef.current
      anchor.current = {
        x,
        y,
        px: (el.scrollLeft + x - VIEWPORT_PAD) / z,
        py: (el.scrollTop + y - VIEWPORT_PAD) / z,
      }
      onZoom(clampZoom(z * Math.exp(-e.deltaY / 300)))
    }
    el.addEventListener('wheel', onWheel, { passive: false })
    return () => el.removeEventListener('wheel', onWheel)
  }, [onZoom, viewportRef])

  useEffect(() => {
    const up = (e: KeyboardEvent) => {
      if (e.key === ' ') setSpaceHeld(false)
    }
    const blur = () => setSpaceHeld(false)
    window.addEventListener('keyup', up)
    window.addEventListener('blur', blur)
    return () => {
      window.removeEventListener('keyup', up)
      window.removeEventListener('blur', blur)
    }
  }, [])

  const onPointerDownCapture = (e: PointerEvent<HTMLDivElement>) => {
    const el = viewportRef.current
    // Space+drag or the middle button pans, whatever is under the pointer.
    if (!el || !(spaceHeld || e.button === 1)) return
    e.stopPropagation()
    e.preventDefault()
    el.setPointerCapture(e.pointerId)
    pan.current = {
      pointerId: e.pointerId,
      x: e.clientX,
      y: e.clientY,
      left: el.scrollLeft,
      top: el.scrollTop,
    }
  }
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const p = pan.current
    const el = viewportRef.current
    if (!p || !el || p.pointerId !== e.pointerId) return
    el.scrollLeft = p.left - (e.clientX - p.x)
    el.scrollTop = p.top - (e.clientY - p.y)
  }
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (pan.current?.pointerId === e.pointerId) pan.current = undefined
  }

  const scroller = (
    // biome-ignore lint/a11y/useSemanticElements: a scrolling region around the canvas, not a section of a page
    <div
      ref={viewportRef}
      data-slot="designer-viewport"
      data-panning={spaceHeld ? '' : undefined}
      onKeyDown={(e) => {
        // Space pans while held, unless a control inside wants it (a focused layer is not one).
        const target = e.target as HTMLElement
        if (e.key === ' ' && (target.dataset.layer !== undefined || target === viewportRef.current)) {
          e.preventDefault()
          setSpaceHeld(true)
        }
      }}
      onPointerDownCapture={onPointerDownCapture}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable to scroll it by keyboard
      tabIndex={0}
      role="region"
      style={{
        overflow: 'auto',
        position: 'relative',
        minHeight: 320,
        height: '70vh',
        // Its size is its own (not its content's), so what a drag changes inside is laid out and painted here,
        // not across the whole page each frame.
        contain: 'strict',
        background: 'var(--ui-muted, #f4f4f5)',
        borderRadius: 8,
        cursor: spaceHeld ? (pan.current ? 'grabbing' : 'grab') : undefined,
      }}
    >
      <div style={{ padding: VIEWPORT_PAD, width: 'max-content' }}>{children}</div>
    </div>
  )

  // Always this frame, the rulers in or out: the scrolling area is never mounted afresh, so it keeps its scroll.
  return (
    <div
      data-slot="designer-frame"
      // The rulers measure the design, which is laid out left to right in a right-to-left page too.
      dir={rulers ? 'ltr' : undefined}
      style={{
        display: 'grid',
        gridTemplateColumns: rulers ? `${RULER_PX}px minmax(0, 1fr)` : 'minmax(0, 1fr)',
        gridTemplateRows: rulers ? `${RULER_PX}px auto` : 'auto',
      }}
    >
      {rulers ? (
        <>
          <span
            aria-hidden="true"
            style={{ background: 'var(--ui-background, #ffffff)', borderRadius: '8px 0 0 0' }}
          />
          {rulers.top}
          {rulers.left}
        </>
      ) : null}
      {scroller}
    </div>
  )
}
