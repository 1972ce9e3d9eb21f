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
type FieldByKind = { [K in FieldKind]: Extract<Field, { kind: K }> }

const rulesOf: { [K in FieldKind]: ValueRulesOf<RulesByKind[K], FieldByKind[K]> } = {
  text: textRules,
  image: imageRules,
  color: colorRules,
  choice: choiceRules,
}

// Indexed by a kind, the record gives the rules of that kind's fields (a correlated lookup the compiler follows).
const checkOfKind = <K extends FieldKind>(kind: K, f: RulesByKind[K], v: string | undefined) =>
  rulesOf[kind].check(f, v)
const effectiveOfKind = <K extends FieldKind>(
  kind: K,
  f: FieldByKind[K],
  v: string | undefined,
  locale: Locale,
) => rulesOf[kind].effective(f, v, locale)

/** The rules of one field's value that need nothing but the field and the value. */
export const checkField = (f: FieldRules, v: string | undefined): ValueIssue[] => checkOfKind(f.kind, f, v)

/**
 * The value a field has in a render: the given value, else the field's default in `locale`. A value the
 * field would not accept (a malformed colour, an unknown choice) falls back to the default too, so a render
 * never draws garbage even when the caller skipped validation. An image without a value has none.
 */
export const effectiveValue = (f: Field, v: string | undefined, locale: Locale): string | undefined =>
  effectiveOfKind(f.kind, f, v, locale)

export { textLength, type ValueIssue } from './issue'
