export type { ColorFieldView } from './kind'
export { colorField } from './kind'
export { colorRules } from './rules'
export { type ColorField, colorFieldSchema } from './schema'
