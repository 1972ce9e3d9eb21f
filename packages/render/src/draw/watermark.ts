import type { Canvas2D } from '@templet/template'
import { loadFaces } from '../fonts'

const FAMILY = 'Templet Inter'
const TEXT = 'TEMPLET TEST'
/** The words climb at 30°, across the rows and columns a design is usually laid out in. */
const ANGLE = -Math.PI / 6

/**
 * Covers a drawn page with "TEMPLET TEST" in diagonal rows, over every layer, so a test-mode render cannot pass
 * for a real one: dark letters with a light outline, each half transparent, read on a light design and on a
 * dark one alike. Drawn on the Canvas 2D context of the size's layout pixels, so the PNG, JPEG, WebP, the
 * thumbnail and the PDF (where it stays text) show the same marks.
 */
export function drawWatermark(ctx: Canvas2D, width: number, height: number): void {
  loadFaces([FAMILY])
  // Large enough to read on a thumbnail, small enough that several rows cross any design.
  const size = Math.max(10, Math.round(Math.min(width, height) / 14))
  ctx.save()
  ctx.font = `700 ${size}px "${FAMILY}"`
  ctx.textAlign = 'center'
  ctx.textBaseline = 'middle'
  ctx.lineJoin = 'round'
  ctx.lineWidth = Math.max(1, size / 10)
  ctx.strokeStyle = '#ffffff'
  ctx.fillStyle = '#1f2937'
  ctx.translate(width / 2, height / 2)
  ctx.rotate(ANGLE)
  const step = ctx.measureText(TEXT).width + size * 2
  const gap = size * 4
  // The page turned by ANGLE still fits inside the circle through its corners.
  const reach = Math.hypot(width, height) / 2 + step
  for (let row = 0, y = -reach; y <= reach; row++, y += gap)
    for (let x = -reach + (row % 2) * (step / 2); x <= reach; x += step) {
      ctx.globalAlpha = 0.45
      ctx.strokeText(TEXT, x, y)
      ctx.globalAlpha = 0.35
      ctx.fillText(TEXT, x, y)
    }
  ctx.restore()
}
