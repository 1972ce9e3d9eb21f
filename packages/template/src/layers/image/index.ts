export { drawImage, imageBindings } from './draw'
export { imageLayer } from './kind'
export {
  adjustFilter,
  type Fit,
  fitScale,
  IMAGE_ZOOM_MAX,
  type ImageAdjust,
  type ImageLayer,
  imageAdjustSchema,
  imageKey,
  imageLayerSchema,
  imageSrc,
  srcRefs,
} from './schema'
export { type FocalPoint, formatImageValue, type ImageValue, isFocalPoint, parseImageValue } from './value'
