import { imageLayer } from './image/kind'
import type { LayerOf } from './kind'
import { qrLayer } from './qr/kind'
import { createLayerRegistry } from './registry'
import { shapeLayer } from './shape/kind'
import { textLayer } from './text/kind'

/** The layer kinds of the product. A new kind is its folder and one entry here (ADR 0171). */
export const layerKinds = createLayerRegistry([textLayer, imageLayer, shapeLayer, qrLayer])

export const layerSchema = layerKinds.schema
/** One layer of the declarative layout; layers are drawn in order. */
export type Layer = LayerOf<typeof layerKinds.kinds>
export type LayerType = Layer['type']

/** Draws a layer (when its `when` holds) with its opacity, in its box for the drawn size. */
export const drawLayer = layerKinds.draw
/** Every property of a layer that may be bound to a field, with the kind of field it takes. */
export const layerBindings = layerKinds.bindings
