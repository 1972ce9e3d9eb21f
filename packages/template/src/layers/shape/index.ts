export { drawShape, shapeBindings } from './draw'
export { type ShapeLayer, shapeLayerSchema } from './schema'
