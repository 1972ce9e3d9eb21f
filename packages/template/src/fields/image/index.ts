export type { ImageFieldView } from './kind'
export { imageField } from './kind'
export { imageRules } from './rules'
export { type ImageField, imageFieldSchema } from './schema'
