import type { Drawable } from '../../canvas'
import { paintBindings, resolveColor, resolvePaint } from '../../paint'
import type { Box } from '../../primitives'
import { type DrawContext, roundedPath } from '../context'
import type { ShapeLayer } from './schema'

export function drawShape<Image extends Drawable>(layer: ShapeLayer, box: Box, d: DrawContext<Image>) {
  const { ctx } = d
  ctx.beginPath()
  if (layer.shape === 'ellipse')
    ctx.ellipse(box.x + box.w / 2, box.y + box.h / 2, box.w / 2, box.h / 2, 0, 0, Math.PI * 2)
  else if (layer.shape === 'line') {
    // A line runs along the box's longer side, through its middle.
    if (box.w >= box.h) {
      ctx.moveTo(box.x, box.y + box.h / 2)
      ctx.lineTo(box.x + box.w, box.y + box.h / 2)
    } else {
      ctx.moveTo(box.x + box.w / 2, box.y)
      ctx.lineTo(box.x + box.w / 2, box.y + box.h)
    }
  } else roundedPath(ctx, box, layer.radius)
  if (layer.shadow) {
    ctx.shadowColor = resolveColor(layer.shadow.color, d.values)
    ctx.shadowBlur = layer.shadow.blur
    ctx.shadowOffsetX = layer.shadow.x
    ctx.shadowOffsetY = layer.shadow.y
  }
  if (layer.fill && layer.shape !== 'line') {
    ctx.fillStyle = resolvePaint(ctx, layer.fill, box, d.values)
    ctx.fill()
    // One shadow, the fill's: the outline over it casts none of its own.
    ctx.shadowColor = 'rgba(0,0,0,0)'
  }
  if (layer.stroke) {
    ctx.strokeStyle = resolveColor(layer.stroke.color, d.values)
    ctx.lineWidth = layer.stroke.width
    ctx.stroke()
  }
}

/** The properties of a shape layer that may be bound to a field, with the kind of field they take. */
export const shapeBindings = (layer: ShapeLayer): Array<[string, unknown, 'color' | 'choice']> => [
  ...paintBindings('fill', layer.fill).map(([p, v]): [string, unknown, 'color'] => [p, v, 'color']),
  ['stroke.color', layer.stroke?.color, 'color'],
  ['shadow.color', layer.shadow?.color, 'color'],
]
