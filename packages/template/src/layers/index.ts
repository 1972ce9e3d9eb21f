import { z } from 'zod'
import type { Drawable } from '../canvas'
import { type DrawContext, isVisible, layerBox } from './context'
import { drawImage, imageBindings, imageLayerSchema } from './image'
import { drawQr, qrBindings, qrLayerSchema } from './qr'
import { drawShape, shapeBindings, shapeLayerSchema } from './shape'
import { drawText, textBindings, textLayerSchema } from './text'

export const layerSchema = z.discriminatedUnion('type', [
  textLayerSchema,
  imageLayerSchema,
  shapeLayerSchema,
  qrLayerSchema,
])
/** One layer of the declarative layout; layers are drawn in order. */
export type Layer = z.infer<typeof layerSchema>
export type LayerType = Layer['type']

/** Draws a layer (when its `when` holds) with its opacity, in its box for the drawn size. */
export function drawLayer<Image extends Drawable>(layer: Layer, d: DrawContext<Image>) {
  if (layer.hidden || !isVisible(layer, d)) return
  const { ctx } = d
  ctx.save()
  ctx.globalAlpha = layer.opacity ?? 1
  const box = layerBox(layer, d)
  if (layer.rotation) {
    // About the box's centre, so a rotated layer stays where its box is.
    const cx = box.x + box.w / 2
    const cy = box.y + box.h / 2
    ctx.translate(cx, cy)
    ctx.rotate((layer.rotation * Math.PI) / 180)
    ctx.translate(-cx, -cy)
  }
  if (layer.type === 'text') {
    // Drawn first: an optional call leaves its arguments unevaluated when the hook is missing.
    const drawn = drawText(layer, box, d)
    d.onText?.(layer.id, drawn)
  } else if (layer.type === 'image') drawImage(layer, box, d)
  else if (layer.type === 'qr') drawQr(layer, box, d)
  else drawShape(layer, box, d)
  ctx.restore()
}

/** Every property of a layer that may be bound to a field, with the kind of field it takes. */
export function layerBindings(layer: Layer): Array<[string, unknown, 'color' | 'choice']> {
  switch (layer.type) {
    case 'text':
      return textBindings(layer)
    case 'image':
      return imageBindings(layer)
    case 'shape':
      return shapeBindings(layer)
    case 'qr':
      return qrBindings(layer)
  }
}
