/**
 * The value rules of every field kind, without zod: a screen can check what a customer types with the same
 * rules the server applies (`@templet/template/rules`). The rules are each kind's own (`<kind>/rules.ts`),
 * which its kind in the registry holds too; this record names them without the schemas.
 */

import type { Locale } from '../primitives'
import type { Field, FieldKind } from '.'
import { type ChoiceRules, choiceRules } from './choice/rules'
import { type ColorRules, colorRules } from './color/rules'
import { type ImageRules, imageRules } from './image/rules'
import type { ValueIssue } from './issue'
import type { ValueRulesOf } from './kind'
import { type TextRules, textRules } from './text/rules'

/** What the rules read of a field: the model's field, or the API's description of it. */
export type FieldRules = TextRules | ImageRules | ColorRules | ChoiceRules

type RulesByKind = { [K in FieldKind]: Extract<FieldRules, { kind: K }> }

const rulesOf: { [K in FieldKind]: ValueRulesOf<RulesByKind[K], Extract<Field, { kind: K }>> } = {
  text: textRules,
  image: imageRules,
  color: colorRules,
  choice: choiceRules,
}

/** The rules of one field's value that need nothing but the field and the value. */
export const checkField = <K extends FieldKind>(
  f: RulesByKind[K] & { kind: K },
  v: string | undefined,
): ValueIssue[] => rulesOf[f.kind].check(f, v)

/**
 * The value a field has in a render: the given value, else the field's default in `locale`. A value the
 * field would not accept (a malformed colour, an unknown choice) falls back to the default too, so a render
 * never draws garbage even when the caller skipped validation. An image without a value has none.
 */
export const effectiveValue = <K extends FieldKind>(
  f: Extract<Field, { kind: K }>,
  v: string | undefined,
  locale: Locale,
): string | undefined => rulesOf[f.kind as K].effective(f, v, locale)

export { textLength, type ValueIssue } from './issue'
