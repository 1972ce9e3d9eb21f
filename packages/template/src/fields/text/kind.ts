import type { z } from 'zod'
import { fieldReferences } from '../../layers/text/schema'
import type { LocalizedText } from '../../primitives'
import type { FieldPlugin } from '../kind'
import { type TextRules, textRules } from './rules'
import { type TextField, textFieldSchema } from './schema'

/** A text field as the APIs show it. */
export interface TextFieldView {
  key: string
  label: string
  labels: LocalizedText
  kind: 'text'
  /** The default text in each language. */
  defaults: LocalizedText
  minLength?: number
  maxLength: number
  multiline: boolean
  /**
   * Words of the value may be set in bold and italics: every text layer showing it reads markup. Always
   * projected; optional as in the API contract, so a client's view of a field is one of these.
   */
  markup?: boolean
}

/** Words the customer types, inserted where a text says `{{key}}`. */
export const textField: FieldPlugin<TextField, z.input<typeof textFieldSchema>, TextRules, TextFieldView> = {
  kind: 'text',
  schema: textFieldSchema,
  rules: textRules,
  check: (f) =>
    f.minLength !== undefined && f.minLength > f.maxLength
      ? [{ property: 'minLength', message: 'is greater than maxLength' }]
      : [],
  project(f, typesets) {
    // A layer with `markup: false` would draw the asterisks, so one such layer turns markup off.
    const showing = typesets.filter((t) => t.texts.some((text) => fieldReferences(text).includes(f.key)))
    return {
      key: f.key,
      label: f.label.en,
      labels: f.label,
      kind: 'text',
      defaults: typeof f.default === 'string' ? { en: f.default, 'zh-CN': f.default } : f.default,
      ...(f.minLength !== undefined ? { minLength: f.minLength } : {}),
      maxLength: f.maxLength,
      multiline: f.multiline ?? false,
      markup: showing.length > 0 && showing.every((t) => t.markup),
    }
  },
  required: (view) => (view.minLength ?? 0) > 0,
  startValue: (view, sample, locale) => sample ?? view.defaults[locale],
  typed: true,
  longestText: (f) => f.maxLength,
}
