import { type PointerEvent, useLayoutEffect, useRef } from 'react'
import { type RulerUnit, rulerTicks } from './ruler-ticks'

/** A ruler's thickness, in CSS px. */
export const RULER_PX = 20

export interface RulerProps {
  /** `top` counts along x (a drag from it makes a horizontal guide), `left` along y. */
  side: 'top' | 'left'
  zoom: number
  unit: RulerUnit
  /** The page's side along the ruler, in design px: its extent is drawn lighter. */
  page: number
  /** The pointer's handlers that drag a guide out (none when read only). */
  drag?: {
    onPointerDown: (e: PointerEvent<HTMLElement>) => void
    onPointerMove: (e: PointerEvent<HTMLElement>) => void
    onPointerUp: (e: PointerEvent<HTMLElement>) => void
    onPointerCancel: (e: PointerEvent<HTMLElement>) => void
  }
  title?: string
}

/**
 * A ruler beside the viewport (in the viewport's frame, where it follows its scroll), in the design's unit, numbered where the design lies as it scrolls and zooms. A
 * picture for the pointer (aria-hidden): the Guides menu and the guides' own keys are the keyboard's way.
 */
export function Ruler({ side, zoom, unit, page, drag, title }: RulerProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null)

  useLayoutEffect(() => {
    const canvas = canvasRef.current
    // Its sibling in the frame, by the DOM: a ref to it is not yet set when this ruler, before it, is laid out.
    const viewport = canvas
      ?.closest('[data-slot="designer-frame"]')
      ?.querySelector<HTMLElement>('[data-slot="designer-viewport"]')
    if (!canvas || !viewport) return
    let frame = 0
    const draw = () => {
      frame = 0
      const surface = viewport.querySelector('[data-slot="designer-canvas"]')
      const own = canvas.getBoundingClientRect()
      const at = surface?.getBoundingClientRect()
      if (!at) return
      const origin = side === 'top' ? at.left - own.left : at.top - own.top
      paintRuler(canvas, side, rulerTicks(side === 'top' ? own.width : own.height, origin, zoom, unit), {
        from: origin,
        to: origin + page * zoom,
      })
    }
    const later = () => {
      frame ||= requestAnimationFrame(draw)
    }
    draw()
    viewport.addEventListener('scroll', later, { passive: true })
    const observer = new ResizeObserver(later)
    observer.observe(canvas)
    observer.observe(viewport)
    const surface = viewport.querySelector('[data-slot="designer-canvas"]')
    if (surface) observer.observe(surface)
    return () => {
      viewport.removeEventListener('scroll', later)
      observer.disconnect()
      cancelAnimationFrame(frame)
    }
  }, [side, zoom, unit, page])

  // The canvas lies over its box: its own pixel size must not size the frame's rows (a loop at every draw).
  return (
    <div aria-hidden="true" style={{ position: 'relative', minWidth: 0, minHeight: 0 }}>
      <canvas
        ref={canvasRef}
        data-ruler={side}
        title={title}
        {...drag}
        style={{
          position: 'absolute',
          inset: 0,
          display: 'block',
          width: '100%',
          height: '100%',
          touchAction: 'none',
          cursor: drag ? (side === 'top' ? 'row-resize' : 'col-resize') : undefined,
          color: 'var(--ui-muted-foreground, #71717a)',
          background: 'var(--ui-background, #ffffff)',
        }}
      />
    </div>
  )
}

/** The ruler's picture: the page's extent, ticks along the edge next to the design, numbers beside the big ones. */
function paintRuler(
  canvas: HTMLCanvasElement,
  side: 'top' | 'left',
  ticks: ReturnType<typeof rulerTicks>,
  page: { from: number; to: number },
) {
  const ratio = window.devicePixelRatio || 1
  const w = canvas.clientWidth
  const h = canvas.clientHeight
  canvas.width = Math.round(w * ratio)
  canvas.height = Math.round(h * ratio)
  const ctx = canvas.getContext('2d')
  if (!ctx) return
  const ink = getComputedStyle(canvas).color
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0)
  ctx.clearRect(0, 0, w, h)
  const long = side === 'top' ? w : h
  // The page's extent, lighter: where a guide can go.
  ctx.fillStyle = ink
  ctx.globalAlpha = 0.08
  const from = Math.max(0, page.from)
  const to = Math.min(long, page.to)
  if (to > from) {
    if (side === 'top') ctx.fillRect(from, 0, to - from, h)
    else ctx.fillRect(0, from, w, to - from)
  }
  ctx.globalAlpha = 1
  ctx.strokeStyle = ink
  ctx.lineWidth = 1
  ctx.font = '10px system-ui, sans-serif'
  ctx.textBaseline = 'top'
  ctx.beginPath()
  for (const t of ticks) {
    // Half a pixel: a 1 px line on a whole pixel is blurred over two.
    const at = Math.round(t.at) + 0.5
    const length = t.major ? RULER_PX : 5
    if (side === 'top') {
      ctx.moveTo(at, h)
      ctx.lineTo(at, h - length)
    } else {
      ctx.moveTo(w, at)
      ctx.lineTo(w - length, at)
    }
  }
  // The edge the ruler shares with the viewport.
  if (side === 'top') {
    ctx.moveTo(0, h - 0.5)
    ctx.lineTo(w, h - 0.5)
  } else {
    ctx.moveTo(w - 0.5, 0)
    ctx.lineTo(w - 0.5, h)
  }
  ctx.stroke()
  for (const t of ticks) {
    if (!t.label) continue
    if (side === 'top') ctx.fillText(t.label, Math.round(t.at) + 3, 2)
    else {
      // Read from below, as a left ruler's numbers are: turned a quarter anticlockwise, after the tick.
      ctx.save()
      ctx.translate(2, Math.round(t.at) - 3)
      ctx.rotate(-Math.PI / 2)
      ctx.fillText(t.label, 0, 0)
      ctx.restore()
    }
  }
}
