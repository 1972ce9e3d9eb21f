export { Field, type FieldControlProps, type FieldMessages, type FieldProps } from './field'
export { Label } from './label'
