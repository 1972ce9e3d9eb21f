export {
  NativeSelect,
  type NativeSelectProps,
  Select,
  type SelectOption,
  type SelectProps,
} from './select'
