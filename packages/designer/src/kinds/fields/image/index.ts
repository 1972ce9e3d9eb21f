import type { ImageField } from '@templet/template'
import type { DesignerFieldKind } from '../kind'

/** An image the customer uploads: whether they must; a preview may leave it out to show the design without. */
export const imageFieldKind: DesignerFieldKind<ImageField> = {
  kind: 'image',
  closing: (field, { strings, set }) => [
    {
      control: 'checkbox',
      label: strings.required,
      checked: Boolean(field.required),
      set: (v) => set({ required: v || undefined }),
    },
  ],
  preview: (_field, state, current) => (state === 'missingImage' ? undefined : current),
}
