export { drawShape, shapeBindings } from './draw'
export { shapeLayer } from './kind'
export { type ShapeLayer, shapeLayerSchema } from './schema'
