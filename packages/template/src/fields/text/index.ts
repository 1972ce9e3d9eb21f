export type { TextFieldView } from './kind'
export { textField } from './kind'
export { textRules } from './rules'
export { type TextField, textFieldSchema } from './schema'
