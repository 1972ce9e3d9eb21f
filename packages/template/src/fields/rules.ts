/**
 * The value rules of every field kind, without zod: a screen can check what a customer types with the same
 * rules the server applies (`@templet/template/rules`).
 */

import type { Locale } from '../primitives'
import type { Field } from '.'
import { type ChoiceRules, checkChoice, effectiveChoice } from './choice/rules'
import { type ColorRules, checkColor, effectiveColor } from './color/rules'
import { checkImage, type ImageRules } from './image/rules'
import type { ValueIssue } from './issue'
import { checkText, effectiveText, type TextRules } from './text/rules'

/** What the rules read of a field: the model's field, or the API's description of it. */
export type FieldRules = TextRules | ImageRules | ColorRules | ChoiceRules

/** The rules of one field's value that need nothing but the field and the value. */
export function checkField(f: FieldRules, v: string | undefined): ValueIssue[] {
  switch (f.kind) {
    case 'text':
      return checkText(f, v)
    case 'color':
      return checkColor(f, v)
    case 'choice':
      return checkChoice(f, v)
    case 'image':
      return checkImage(f, v)
  }
}

/**
 * The value a field has in a render: the given value, else the field's default in `locale`. A value the
 * field would not accept (a malformed colour, an unknown choice) falls back to the default too, so a render
 * never draws garbage even when the caller skipped validation. An image without a value has none.
 */
export function effectiveValue(f: Field, v: string | undefined, locale: Locale): string | undefined {
  switch (f.kind) {
    case 'text':
      return effectiveText(f, v, locale)
    case 'color':
      return effectiveColor(f, v)
    case 'choice':
      return effectiveChoice(f, v)
    case 'image':
      return v || undefined
  }
}

export { textLength, type ValueIssue } from './issue'
