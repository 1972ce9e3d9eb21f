import type { z } from 'zod'
import type { LocalizedText } from '../../primitives'
import type { FieldPlugin } from '../kind'
import { type ColorRules, colorRules } from './rules'
import { type ColorField, colorFieldSchema } from './schema'

/** A colour field as the APIs show it. */
export interface ColorFieldView {
  key: string
  label: string
  labels: LocalizedText
  kind: 'color'
  /** #rrggbb */
  default: string
}

/** A colour (`#rrggbb`) that properties bound to the field take. */
export const colorField: FieldPlugin<
  ColorField,
  z.input<typeof colorFieldSchema>,
  ColorRules,
  ColorFieldView
> = {
  kind: 'color',
  schema: colorFieldSchema,
  rules: colorRules,
  check: () => [],
  project: (f) => ({ key: f.key, label: f.label.en, labels: f.label, kind: 'color', default: f.default }),
  required: () => false,
  startValue: (view, sample) => sample ?? view.default,
  typed: false,
}
