import type { ValueIssue } from '../issue'
import type { ValueRulesOf } from '../kind'
import type { ChoiceField } from './schema'

export type ChoiceRules = Pick<ChoiceField, 'key' | 'kind'> & { options: ReadonlyArray<{ value: string }> }

const isOption = (f: ChoiceRules, v: string) => f.options.some((o) => o.value === v)

export const checkChoice = (f: ChoiceRules, v: string | undefined): ValueIssue[] =>
  v !== undefined && !isOption(f, v)
    ? [{ path: f.key, code: 'invalid_choice', params: { options: f.options.map((o) => o.value) } }]
    : []

export const effectiveChoice = (f: ChoiceRules & Pick<ChoiceField, 'default'>, v: string | undefined) =>
  v && isOption(f, v) ? v : f.default

/** The value rules of a choice field. */
export const choiceRules: ValueRulesOf<ChoiceRules, ChoiceRules & Pick<ChoiceField, 'default'>> = {
  check: checkChoice,
  effective: effectiveChoice,
}
