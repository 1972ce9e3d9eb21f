export { Input, type InputProps, inputVariants, Textarea, type TextareaProps } from './input'
