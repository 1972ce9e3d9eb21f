import type { z } from 'zod'
import type { LayerPlugin } from '../kind'
import { drawShape, shapeBindings } from './draw'
import { type ShapeLayer, shapeLayerSchema } from './schema'

/** A rectangle, ellipse or line, filled and outlined, with an optional shadow. */
export const shapeLayer: LayerPlugin<ShapeLayer, z.input<typeof shapeLayerSchema>> = {
  type: 'shape',
  schema: shapeLayerSchema,
  draw(layer, box, d) {
    drawShape(layer, box, d)
    return undefined
  },
  bindings: shapeBindings,
  check: () => [],
  shadowed: (layer) => layer.shadow !== undefined,
  // A rectangle reaching an edge is a background; an ellipse or a line keeps its drawn size.
  bleeds: (layer) => layer.shape === 'rect',
}
