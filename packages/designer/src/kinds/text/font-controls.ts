import type { TextLayer } from '@templet/template'
import { createElement } from 'react'
import type { DesignerWords } from '../../strings'
import type { PropertyControl } from '../controls'
import type { DesignerFont, PropertyContext } from '../kind'
import { FontPicker } from './font-picker'

/** The weight of `weights` nearest to `current` (itself when the family has it). */
const nearestWeight = (weights: number[] | undefined, current: number) =>
  weights?.includes(current)
    ? current
    : (weights?.reduce((a, b) => (Math.abs(b - current) < Math.abs(a - current) ? b : a)) ?? 400)

/** A weight as the weight select names it: its number and its name (`700 Bold`). */
export function weightLabel(weight: number, strings: DesignerWords): string {
  const name = strings[`weight${weight}` as keyof DesignerWords]
  return typeof name === 'string' ? `${weight} ${name}` : String(weight)
}

/**
 * A text's family (a select, and the font browser beside it), weight and italic, in one row. A weight the
 * customer picks among (a choice field) is set in the Fields section, its options named as here; a family changed
 * to one lacking the weight or italic takes its nearest.
 */
export function fontControls(layer: TextLayer, ctx: PropertyContext<TextLayer>): PropertyControl {
  const { fonts, strings, update } = ctx
  const family = typeof layer.font === 'string' ? layer.font : 'sans'
  const font = fonts.find((f: DesignerFont) => f.family === family)
  const weight = typeof layer.weight === 'number' ? layer.weight : undefined
  const setFamily = (v: string) => {
    const next = fonts.find((f) => f.family === v)
    update({
      font: v as TextLayer['font'],
      ...(weight === undefined
        ? {}
        : { weight: nearestWeight(next?.weights, weight) as TextLayer['weight'] }),
      italic: Boolean(layer.italic && next?.styles.includes('italic')),
    })
  }
  return {
    control: 'row',
    controls: [
      {
        control: 'select',
        label: strings.font,
        value: family,
        set: setFamily,
        options: fonts.map((f) => ({ value: f.family, label: f.label ?? f.family })),
      },
      // Hundreds of families: the select lists them all, the browser searches, filters and previews them.
      {
        control: 'custom',
        key: 'font-browser',
        node: createElement(FontPicker, {
          value: family,
          fonts,
          onChange: setFamily,
          strings,
          disabled: ctx.disabled,
        }),
      },
      ...(weight === undefined
        ? []
        : [
            {
              control: 'select' as const,
              label: strings.weight,
              value: String(weight),
              set: (v: string) => update({ weight: Number(v) as TextLayer['weight'] }),
              options: (font?.weights ?? [400, 700]).map((w) => ({
                value: String(w),
                label: weightLabel(w, strings),
              })),
            },
          ]),
      {
        control: 'checkbox',
        label: strings.italic,
        checked: layer.italic,
        disabled: !font?.styles.includes('italic'),
        set: (v) => update({ italic: v }),
      },
    ],
  }
}
