export {
  type ColorChangeSource,
  ColorPicker,
  type ColorPickerProps,
  type ColorSwatch,
  isHexColour,
} from './color-picker'
