export type { ChoiceFieldView } from './kind'
export { choiceField } from './kind'
export { choiceRules } from './rules'
export { type ChoiceField, choiceFieldSchema } from './schema'
