import type { z } from 'zod'
import type { LocalizedText } from '../../primitives'
import { textLength } from '../../segments'
import type { FieldPlugin } from '../kind'
import { type ChoiceRules, choiceRules } from './rules'
import { type ChoiceField, choiceFieldSchema } from './schema'

/** A choice field as the APIs show it. */
export interface ChoiceFieldView {
  key: string
  label: string
  labels: LocalizedText
  kind: 'choice'
  default: string
  options: Array<{ value: string; label: string; labels: LocalizedText }>
}

/** One of the author's options; `{{key}}` inserts the chosen option's label, bound properties take its value. */
export const choiceField: FieldPlugin<
  ChoiceField,
  z.input<typeof choiceFieldSchema>,
  ChoiceRules,
  ChoiceFieldView
> = {
  kind: 'choice',
  schema: choiceFieldSchema,
  rules: choiceRules,
  check: (f) =>
    f.options.some((o) => o.value === f.default)
      ? []
      : [{ property: 'default', message: `"${f.default}" is not one of the options` }],
  project: (f) => ({
    key: f.key,
    label: f.label.en,
    labels: f.label,
    kind: 'choice',
    default: f.default,
    options: f.options.map((o) => ({ value: o.value, label: o.label.en, labels: o.label })),
  }),
  required: () => false,
  startValue: (view, sample) => sample ?? view.default,
  typed: false,
  longestText: (f) =>
    Math.max(0, ...f.options.flatMap((o) => [o.label.en, o.label['zh-CN']].map(textLength))),
  label(f, value, locale) {
    const option = f.options.find((o) => o.value === value) ?? f.options.find((o) => o.value === f.default)
    return option?.label[locale]
  },
  values: (f) => f.options.map((o) => o.value),
}
