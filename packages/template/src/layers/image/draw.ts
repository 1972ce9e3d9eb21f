import type { Drawable } from '../../canvas'
import { paintBindings, resolveBound, resolvePaint } from '../../paint'
import type { Box } from '../../primitives'
import { type DrawContext, roundedPath } from '../context'
import { adjustFilter, fitScale, type ImageLayer, imageKey } from './schema'
import { isFocalPoint, parseImageValue } from './value'

export function drawImage<Image extends Drawable>(layer: ImageLayer, box: Box, d: DrawContext<Image>) {
  const { ctx } = d
  const key = imageKey(layer, d.values)
  const img = d.images.get(key)
  if (!img && d.placeholders === false) return
  roundedPath(ctx, box, layer.radius)
  ctx.clip()
  if (!img) return drawPlaceholder(layer, box, d)
  const fit = resolveBound(layer.fit, d.values, 'cover')
  const fitted = d.imageSizes?.get(key) ?? img
  const scale = fitScale(fit, box, fitted.width, fitted.height) * (layer.zoom ?? 1)
  const w = fitted.width * scale
  const h = fitted.height * scale
  const filter = adjustFilter(layer.adjust, drawnScale(ctx))
  if (filter) ctx.filter = filter
  // Keep the focal point (the customer's, else the layer's) as near the box's centre as the image's edges allow;
  // a contained image smaller than its box on a side is centred on that side.
  const chosen = layer.field ? parseImageValue(d.values[layer.field] ?? '').focus : undefined
  const focus = chosen && isFocalPoint(chosen) ? chosen : layer.focus
  const along = (side: number, drawn: number, at: number) =>
    fit === 'contain' && drawn <= side
      ? (side - drawn) / 2
      : Math.min(0, Math.max(side - drawn, side / 2 - at * drawn))
  ctx.drawImage(img, box.x + along(box.w, w, focus.x), box.y + along(box.h, h, focus.y), w, h)
  if (filter) ctx.filter = 'none'
}

/** Canvas px per template px where the image is drawn (a thumbnail's are fewer, a 300 dpi sheet's more). */
function drawnScale(ctx: DrawContext['ctx']): number {
  const m = ctx.getTransform?.()
  return m ? Math.hypot(m.a, m.b) : 1
}

/** A missing image: the layer's placeholder fill with a quiet picture mark, so the layout still reads. */
function drawPlaceholder<Image extends Drawable>(layer: ImageLayer, box: Box, d: DrawContext<Image>) {
  const { ctx } = d
  ctx.fillStyle = resolvePaint(ctx, layer.placeholder, box, d.values)
  ctx.fillRect(box.x, box.y, box.w, box.h)
  const s = Math.min(box.w, box.h) * 0.16
  const cx = box.x + box.w / 2
  const cy = box.y + box.h / 2
  ctx.fillStyle = 'rgba(0,0,0,0.14)'
  ctx.beginPath()
  ctx.arc(cx + s * 0.45, cy - s * 0.4, s * 0.2, 0, Math.PI * 2)
  ctx.fill()
  ctx.beginPath()
  ctx.moveTo(cx - s, cy + s * 0.6)
  ctx.lineTo(cx - s * 0.3, cy - s * 0.2)
  ctx.lineTo(cx + s * 0.1, cy + s * 0.25)
  ctx.lineTo(cx + s * 0.45, cy)
  ctx.lineTo(cx + s, cy + s * 0.6)
  ctx.closePath()
  ctx.fill()
}

/** The properties of an image layer that may be bound to a field, with the kind of field they take. */
export const imageBindings = (layer: ImageLayer): Array<[string, unknown, 'color' | 'choice']> => [
  ['src', layer.src, 'choice'],
  ['fit', layer.fit, 'choice'],
  ...paintBindings('placeholder', layer.placeholder).map(([p, v]): [string, unknown, 'color'] => [
    p,
    v,
    'color',
  ]),
]
