export { drawImage, imageBindings } from './draw'
export { imageLayer } from './kind'
export { type Fit, fitScale, type ImageLayer, imageKey, imageLayerSchema, imageSrc, srcRefs } from './schema'
export { type FocalPoint, formatImageValue, type ImageValue, isFocalPoint, parseImageValue } from './value'
