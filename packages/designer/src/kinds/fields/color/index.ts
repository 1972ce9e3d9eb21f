import type { ColorField } from '@templet/template'
import type { DesignerFieldKind } from '../kind'

/** A colour the customer picks: the one it is until they do. */
export const colorFieldKind: DesignerFieldKind<ColorField> = {
  kind: 'color',
  settings: (field, { strings, set }) => [
    {
      control: 'colour',
      label: strings.defaultValue,
      value: field.default,
      set: (hex, c) => set({ default: hex }, c),
    },
  ],
}
