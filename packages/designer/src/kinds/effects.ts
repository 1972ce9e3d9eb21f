import type { ShapeLayer } from '@templet/template'
import { type PropertyControl, when } from './controls'
import type { PropertyContext } from './kind'
import { clamp, tenth } from './scale'

/** A drop shadow as the model keeps it (a shape's and a text's are alike). */
export type Shadow = NonNullable<ShapeLayer['shadow']>

/** An outline as the model keeps it: a shape's `stroke`, a text's `outline`. */
export type Outline = { color: string | { field: string }; width: number }

/** A layer that may cast a shadow. */
type Shadowed = { shadow?: Shadow | undefined }

/** The shadow a layer gets when its checkbox is ticked: soft, a little below. */
const NEW_SHADOW: Shadow = { color: '#00000040', x: 0, y: 4, blur: 12 }

/** A shadow's checkbox, then its colour, offset and blur while it has one. */
export function shadowControls<L extends Shadowed>(
  layer: L,
  { strings, update }: Pick<PropertyContext<L>, 'strings' | 'update'>,
  fresh: Shadow = NEW_SHADOW,
): PropertyControl[] {
  const current = layer.shadow
  const set = (shadow: Shadow | undefined, coalesce?: string) => update({ shadow } as Partial<L>, coalesce)
  const offset = (label: string, key: 'x' | 'y' | 'blur', min: number): PropertyControl => ({
    control: 'number',
    label,
    value: current?.[key],
    min,
    max: 200,
    set: (v, c) => current && set({ ...current, [key]: v }, c),
  })
  return [
    {
      control: 'checkbox',
      label: strings.shadow,
      checked: Boolean(current),
      set: (v) => set(v ? fresh : undefined),
    },
    ...when(
      current !== undefined,
      {
        control: 'colour',
        label: `${strings.shadow}: ${strings.color}`,
        value: current?.color,
        set: (hex, c) => current && set({ ...current, color: hex }, c),
      },
      {
        control: 'row',
        controls: [
          offset(strings.shadowX, 'x', -200),
          offset(strings.shadowY, 'y', -200),
          offset(strings.shadowBlur, 'blur', 0),
        ],
      },
    ),
  ]
}

/** A shadow scaled by `k` with its layer, within the model's bounds of 200 px. */
export const scaleShadow = (shadow: Shadow, k: number): Shadow => ({
  ...shadow,
  x: clamp(tenth(shadow.x * k), -200, 200),
  y: clamp(tenth(shadow.y * k), -200, 200),
  blur: clamp(tenth(shadow.blur * k), 0, 200),
})

/**
 * An outline's checkbox (`fresh` when ticked), then its colour and width while it has one: `property` is where the
 * layer keeps it.
 */
export function outlineControls<L>(
  current: Outline | undefined,
  { strings, update }: Pick<PropertyContext<L>, 'strings' | 'update'>,
  o: { property: string; fresh: Outline; max: number; step?: number; disabled?: boolean },
): PropertyControl[] {
  const set = (outline: Outline | undefined, coalesce?: string) =>
    update({ [o.property]: outline } as Partial<L>, coalesce)
  return [
    {
      control: 'checkbox',
      label: strings.stroke,
      checked: Boolean(current),
      ...(o.disabled && { disabled: true }),
      set: (v) => set(v ? o.fresh : undefined),
    },
    ...when(current !== undefined, {
      control: 'row',
      controls: current
        ? [
            {
              control: 'colour',
              label: `${strings.stroke}: ${strings.color}`,
              value: current.color,
              set: (hex, c) => set({ ...current, color: hex }, c),
            },
            {
              control: 'number',
              label: strings.strokeWidth,
              value: current.width,
              min: 0.5,
              max: o.max,
              ...(o.step && { step: o.step }),
              set: (v, c) => set({ ...current, width: v }, c),
            },
          ]
        : [],
    }),
  ]
}
