import { encode } from 'uqr'
import type { Drawable } from '../../canvas'
import { resolveColor } from '../../paint'
import type { Box } from '../../primitives'
import type { DrawContext } from '../context'
import type { QrLayer } from './schema'

/** The text a QR layer encodes: its data with each `{{key}}` replaced by that field's value. */
export const qrText = (layer: QrLayer, values: Record<string, string>) =>
  layer.data.replace(/\{\{\s*([^}\s]+)\s*\}\}/g, (_, k: string) => values[k] ?? '').trim()

/**
 * Draws the code as the largest square its box holds, centred; an empty text (a field left blank) draws
 * nothing. The dark modules are one path filled once, so neighbours meet without hairline seams.
 */
export function drawQr<Image extends Drawable>(layer: QrLayer, box: Box, d: DrawContext<Image>) {
  const text = qrText(layer, d.values)
  if (!text) return
  const { ctx } = d
  const qr = encode(text, { ecc: layer.ecc, border: 0 })
  const side = Math.min(box.w, box.h)
  const x0 = box.x + (box.w - side) / 2
  const y0 = box.y + (box.h - side) / 2
  const cell = side / (qr.size + 2 * layer.margin)
  if (layer.background) {
    ctx.fillStyle = resolveColor(layer.background, d.values)
    ctx.fillRect(x0, y0, side, side)
  }
  ctx.beginPath()
  qr.data.forEach((row, r) => {
    // One rectangle per run of dark modules in a row.
    let c = 0
    while (c < qr.size) {
      if (!row[c]) {
        c++
        continue
      }
      const start = c
      while (c < qr.size && row[c]) c++
      ctx.rect(x0 + (layer.margin + start) * cell, y0 + (layer.margin + r) * cell, (c - start) * cell, cell)
    }
  })
  ctx.fillStyle = resolveColor(layer.color, d.values)
  ctx.fill()
}

/** The properties of a QR layer that may be bound to a field, with the kind of field they take. */
export const qrBindings = (layer: QrLayer): Array<[string, unknown, 'color' | 'choice']> => [
  ['color', layer.color, 'color'],
  ['background', layer.background, 'color'],
]
