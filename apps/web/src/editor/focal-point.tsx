import { type FocalPoint, formatImageValue, parseImageValue } from '@templet/template/image-value'
import { type KeyboardEvent, type PointerEvent, useRef } from 'react'
import { useTranslation } from 'react-i18next'

const CENTRE: FocalPoint = { x: 0.5, y: 0.5 }
const STEP = 0.05
const clamp = (n: number) => Math.min(1, Math.max(0, n))
const percent = (n: number) => Math.round(n * 100)

/**
 * The point of an uploaded image kept in view when a layer crops it. Click or drag on the image, or move the
 * marker with the arrow keys (Shift for bigger steps, Home for the centre). The value stays one string: the
 * upload's id with the point (`17@0.25,0.6`), which the renderer reads.
 */
export function FocalPointPicker({
  value,
  onChange,
  src,
  name,
}: {
  value: string
  onChange: (value: string) => void
  src: string
  name: string
}) {
  const { t } = useTranslation()
  const frame = useRef<HTMLDivElement>(null)
  const { ref, focus = CENTRE } = parseImageValue(value)
  const set = (p: FocalPoint) => onChange(formatImageValue(ref, { x: clamp(p.x), y: clamp(p.y) }))

  const fromPointer = (event: PointerEvent) => {
    const box = frame.current?.getBoundingClientRect()
    if (!box || box.width === 0 || box.height === 0) return
    set({ x: (event.clientX - box.left) / box.width, y: (event.clientY - box.top) / box.height })
  }
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.shiftKey ? STEP * 4 : STEP
    // Arrows move across the image as it is shown; the image is not mirrored in a right-to-left page.
    const moves: Record<string, FocalPoint> = {
      ArrowLeft: { x: focus.x - step, y: focus.y },
      ArrowRight: { x: focus.x + step, y: focus.y },
      ArrowUp: { x: focus.x, y: focus.y - step },
      ArrowDown: { x: focus.x, y: focus.y + step },
      Home: CENTRE,
    }
    const next = moves[event.key]
    if (!next) return
    event.preventDefault()
    set(next)
  }

  return (
    <div className="mt-3">
      <p className="mb-1.5 text-xs text-muted-foreground">{t('media.editor.focalHint')}</p>
      <div
        ref={frame}
        dir="ltr"
        data-testid="focal-point"
        className="relative inline-block max-w-full cursor-crosshair touch-none select-none overflow-hidden rounded-md border border-border"
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId)
          fromPointer(event)
        }}
        onPointerMove={(event) => {
          if (event.currentTarget.hasPointerCapture(event.pointerId)) fromPointer(event)
        }}
      >
        <img src={src} alt="" draggable={false} className="block max-h-48 w-auto max-w-full" />
        <button
          type="button"
          aria-label={t('media.editor.focalPoint', { name, x: percent(focus.x), y: percent(focus.y) })}
          aria-keyshortcuts="ArrowLeft ArrowRight ArrowUp ArrowDown Home"
          onKeyDown={onKeyDown}
          className="absolute size-6 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-primary/40 shadow-[0_0_0_1px_rgb(0_0_0/0.5)] outline-none focus-visible:ring-4 focus-visible:ring-ring"
          style={{ left: `${focus.x * 100}%`, top: `${focus.y * 100}%` }}
        />
      </div>
    </div>
  )
}
